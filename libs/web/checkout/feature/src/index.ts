export * from './payment-page.js';
export * from './card-payment-form.js';
export * from './paypal-buttons.js';
export * from './payment-processing.js';
export * from './bank-wire-page.js';
export * from './payment-success-page.js';
export * from './sandbox-pages.js';
