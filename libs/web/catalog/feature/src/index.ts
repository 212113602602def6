export * from './eshop-page.js';
export * from './product-page.js';
export * from './popular-courses.js';
export * from './products-error.js';
export * from './product-search.js';
export * from './combination-picker.js';
export * from './not-found-help.js';
