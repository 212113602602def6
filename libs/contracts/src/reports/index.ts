/* The reports: course progress, received courses, wallet movements (learning §1, §2 reports). */
export * from './reports.js';
export * from './reports.schema.js';
export * from '../rpc/reports.rpc.js';
