import './theme/theme.css';

export * from './modal/modal.js';
export * from './modal/focus-trap.js';
export * from './flash/flash-messages.js';
export * from './loading-overlay/loading-overlay.js';
export * from './loading-overlay/spinner.js';
export * from './error-boundary/error-boundary.js';
export * from './page/coming-soon.js';
export * from './page/page-loading.js';
export * from './page/page-title.js';
export * from './carousel/carousel.js';
export * from './carousel/use-reduced-motion.js';
export * from './icons/cart-icon.js';
