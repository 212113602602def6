export * from './test-environment.js';
