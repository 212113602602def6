export * from './reports-page.js';
export * from './bar-chart.js';
