export * from './orders.api.js';
