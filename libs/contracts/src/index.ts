export * from './rpc/rpc-definition.js';
export * from './rpc/health.rpc.js';
export * from './rpc/catalog-cart.rpc.js';
export * from './events/event-envelope.js';
export * from './events/order-paid.event.js';
export * from './common/errors.js';
export * from './common/money.js';
export * from './catalog/product.js';
