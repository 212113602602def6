export * from './constants.js';
export * from './cookies.js';
export * from './i18n.js';
export * from './text.js';
