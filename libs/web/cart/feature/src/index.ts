export * from './added-to-cart-modal.js';
export * from './cart-page.js';
export * from './mini-cart.js';
export * from './voucher-form.js';
