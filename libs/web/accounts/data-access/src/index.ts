export * from './accounts.api.js';
export * from './current-user.js';
