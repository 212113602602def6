export * from './request-context.js';
export * from './logger.js';
export * from './metrics.js';
export * from './dependency-checks.js';
export * from './error-reports.js';
export * from './process-lifecycle.js';
export * from './tracing.js';
export * from './trace-store.js';
