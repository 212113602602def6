export * from './reports.api.js';
