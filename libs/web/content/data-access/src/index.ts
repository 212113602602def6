export * from './content.api.js';
