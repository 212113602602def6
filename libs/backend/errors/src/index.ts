export * from './domain-error.js';
