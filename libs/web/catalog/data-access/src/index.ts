export * from './products.api.js';
