export * from './form-field.js';
export * from './date-input.js';
export * from './country-select.js';
export * from './multi-select.js';
export * from './human-verification.js';
export * from './confirm-dialog.js';
export * from './rich-text.js';
