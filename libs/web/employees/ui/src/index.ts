export * from './page-window.js';
export * from './pagination.js';
