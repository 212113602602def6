export * from './exam-page.js';
export * from './exam-results-page.js';
