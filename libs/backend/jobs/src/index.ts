export * from './queues.js';
export * from './queue-factory.js';
