export * from './employees.api.js';
