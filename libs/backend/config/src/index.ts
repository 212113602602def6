export * from './load-config.js';
export * from './public-base-url.js';
export * from './bank-wire-account.js';
