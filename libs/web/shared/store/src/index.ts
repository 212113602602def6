export * from './flash.slice.js';
export * from './loading-overlay.slice.js';
export * from './store.js';
export * from './hooks.js';
