export * from './base-api.js';
export * from './error-message.js';
