export * from './domain-error.js';
export * from './dependency-unavailable.js';
