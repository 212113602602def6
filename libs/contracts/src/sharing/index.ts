/* The sharing-organize contracts: seats, shares, tickets, organize course; their RPCs and events. */
export * from './sharing.js';
export * from './sharing-messages.js';
export * from './recipients.js';
export * from './organize.js';
export * from '../rpc/sharing-organize.rpc.js';
export * from '../events/share-event.schema.js';
export * from '../events/seat-granted.event.js';
export * from '../events/share-created.event.js';
export * from '../events/share-sent.event.js';
export * from '../events/share-accepted.event.js';
export * from '../events/share-recalled.event.js';
export * from '../events/share-cancelled.event.js';
export * from '../events/course-enrolled.event.js';
export * from '../events/course-started.event.js';
export * from '../events/course-completed.event.js';
export * from './sharing.schema.js';
export * from '../events/courses-delivered.event.js';
