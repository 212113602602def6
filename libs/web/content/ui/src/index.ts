export * from './faq-accordion.js';
export * from './slide-view.js';
