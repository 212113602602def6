export * from './cookies.js';
export * from './consent.js';
export * from './consent.slice.js';
export * from './analytics.js';
export * from './site.api.js';
export * from './announcement-dismissal.js';
export * from './data-method-request.js';
