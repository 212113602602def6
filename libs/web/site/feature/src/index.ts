export * from './cookie-catalogue.js';
export * from './cookie-consent.js';
export * from './subscription-bonus-popup.js';
export * from './announcement-banner.js';
export * from './data-method.js';
export * from './contact-form.js';
export * from './classroom-training-page.js';
export * from './site-dialogs.js';
