export * from './data-source.js';
