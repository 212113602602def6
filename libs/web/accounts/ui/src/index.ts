export * from './password-strength.js';
export * from './kyc-status-badge.js';
export * from './account-restriction-notice.js';
