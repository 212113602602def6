export * from './queues.js';
export * from './queue-factory.js';
export * from './job-id.js';
