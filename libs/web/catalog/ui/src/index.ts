export * from './product-card.js';
export * from './product-grid.js';
export * from './product-type-badge.js';
export * from './package-contents.js';
export * from './certificate-sample.js';
