import type { ServiceDefinition } from '@aero/backend-runtime';
import { PaymentAttemptEntity } from './attempts/payment-attempt.entity.js';
import { InitialPayments1795252000000 } from './migrations/1795252000000-initial-payments.js';
import { OrdersAndWallet1795252100000 } from './migrations/1795252100000-orders-and-wallet.js';
import { AttemptRefunds1795252200000 } from './migrations/1795252200000-attempt-refunds.js';
import { OneOrderPerCart1795252300000 } from './migrations/1795252300000-one-order-per-cart.js';
import { MoneyBackstops1795252400000 } from './migrations/1795252400000-money-backstops.js';
import { TimerSweeps1795252500000 } from './migrations/1795252500000-timer-sweeps.js';
import { OrderLineEntity } from './orders/order-line.entity.js';
import { OrderEntity } from './orders/order.entity.js';
import { PaymentsModule } from './payments.module.js';
import { seedDemoWallets } from './seed/demo-wallets.seed.js';
import { WalletAccountEntity } from './wallet/wallet-account.entity.js';
import { WalletEntryEntity } from './wallet/wallet-entry.entity.js';

/**
 * The payments service. Its own settings (PAYMENT_PROVIDER, ORDER_EXPIRY_MINUTES, … see
 * payments.config.ts) come from the environment given to `startService`.
 */
export const paymentsService: ServiceDefinition = {
  name: 'payments',
  schema: 'payments',
  portVariable: 'PAYMENTS_HTTP_PORT',
  defaultPort: 3102,
  entities: [OrderEntity, OrderLineEntity, PaymentAttemptEntity, WalletAccountEntity, WalletEntryEntity],
  migrations: [
    InitialPayments1795252000000,
    OrdersAndWallet1795252100000,
    AttemptRefunds1795252200000,
    OneOrderPerCart1795252300000,
    MoneyBackstops1795252400000,
    TimerSweeps1795252500000,
  ],
  module: PaymentsModule,
  seed: (dataSource) => seedDemoWallets(dataSource),
};
