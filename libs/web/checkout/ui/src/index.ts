import './checkout-ui.css';

export * from './checkout-summary.js';
export * from './payment-method-picker.js';
export * from './payment-failure-dialog.js';
export * from './copy-button.js';
export * from './sandbox-badge.js';
