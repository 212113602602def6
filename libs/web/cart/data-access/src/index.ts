export * from './cart.api.js';
export * from './cart-math.js';
export * from './cart-ui.slice.js';
export * from './order-success-redirect.js';
export * from './add-to-cart.js';
