export * from './checkout.api.js';
export * from './card-validation.js';
export * from './payment-methods.js';
export * from './payment-redirect.js';
export * from './paypal-return.js';
export * from './payment-analytics.js';
export * from './sign-in.js';
