export * from './render-with-providers.js';
export * from './mock-fetch.js';
export * from './products.fixture.js';
export * from './cart.fixture.js';
export * from './account.fixture.js';
export * from './checkout.fixture.js';
export * from './fake-timers.js';
export * from './learning.fixture.js';
