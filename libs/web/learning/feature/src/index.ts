export * from './my-courses-page.js';
export * from './course-history-page.js';
export * from './course-page.js';
export * from './chapter-page.js';
export * from './course-progress-modal.js';
export * from './questions-tab.js';
export * from './quiz.js';
export * from './instructor-questions-page.js';
