export * from './service-infra.js';
export * from './health.js';
export * from './infra.module.js';
export * from './start-service.js';
