export * from './test-environment.js';
export * from './spawn-app.js';
