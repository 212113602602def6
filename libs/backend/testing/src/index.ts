export * from './test-environment.js';
export * from './spawn-app.js';
export * from './service-basics.suite.js';
export * from './account-fixtures.js';
export * from './private-redis.js';
export * from './acting-as.js';
