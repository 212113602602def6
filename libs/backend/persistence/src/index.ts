export * from './data-source.js';
export * from './preparing-client.js';
export * from './transactional.js';
export * from './state-machine.js';
