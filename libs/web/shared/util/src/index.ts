export * from './constants.js';
export * from './cookies.js';
export * from './debounce.js';
export * from './i18n.js';
export * from './money.js';
export * from './redirect.js';
export * from './text.js';
export * from './failure.js';
