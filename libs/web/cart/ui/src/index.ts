export * from './quantity-input.js';
export * from './cart-totals.js';
export * from './cart-lines-table.js';
export * from './add-to-cart-button.js';
