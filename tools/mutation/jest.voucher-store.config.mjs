// The catalog-cart tests that price carts with vouchers and reserve voucher uses: the tests that
// must kill the mutants of apps/catalog-cart/src/vouchers/voucher-store.ts (see stryker.config.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../test/jest.preset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export default {
  ...nodeProject(join(root, 'apps/catalog-cart'), 'catalog-cart'),
  testMatch: ['<rootDir>/test/voucher-store-rules.e2e-spec.ts', '<rootDir>/test/cart-and-vouchers.e2e-spec.ts'],
  testTimeout: 60_000,
};
