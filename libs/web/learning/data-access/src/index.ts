export * from './learning.api.js';
export * from './my-courses-sections.js';
