export * from './quick-share-page.js';
export * from './availability-modal.js';
export * from './ticket-page.js';
export * from './ticket-activation-page.js';
export * from './pending-shares-prompt.js';
export * from './organize-course-page.js';
