export * from './quantity-input.js';
export * from './cart-totals.js';
export * from './cart-lines-table.js';
