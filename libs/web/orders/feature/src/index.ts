export * from './orders-page.js';
