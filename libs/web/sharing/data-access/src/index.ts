export * from './sharing.api.js';
