// The payments tests that pay, settle or refund orders: the tests that must kill the mutants of
// apps/payments/src/attempts/payment-completion.service.ts (see stryker.config.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProject } from '../test/jest.preset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export default {
  ...nodeProject(join(root, 'apps/payments'), 'payments'),
  testMatch: [
    '<rootDir>/test/payment-completion-rules.e2e-spec.ts',
    '<rootDir>/test/bank-wire-wallet-free.e2e-spec.ts',
    '<rootDir>/test/card-payments.e2e-spec.ts',
    '<rootDir>/test/paypal-payments.e2e-spec.ts',
    '<rootDir>/test/exactly-once.e2e-spec.ts',
    '<rootDir>/test/refunds.e2e-spec.ts',
    '<rootDir>/test/statement-budget.e2e-spec.ts',
  ],
  testTimeout: 60_000,
};
