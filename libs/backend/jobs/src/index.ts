export * from './queues.js';
export * from './declare-queue.js';
export * from './job-queue.js';
export * from './queue-factory.js';
export * from './job-id.js';
export * from './job-sweep.js';
