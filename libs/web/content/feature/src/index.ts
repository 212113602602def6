export * from './faq-page.js';
export * from './article-page.js';
export * from './home-slides.js';
