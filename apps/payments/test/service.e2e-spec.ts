import { describeServiceBasics } from '@aero/backend-testing';
import { paymentsService } from '../src/payments.service-definition.js';

describeServiceBasics(paymentsService, {
  tables: ['orders', 'order_lines', 'wallet_entries', 'sandbox_refunds'],
  migrations: [
    'InitialPayments1795252000000',
    'OrdersAndWallet1795252100000',
    'AttemptRefunds1795252200000',
    'OneOrderPerCart1795252300000',
    'MoneyBackstops1795252400000',
    'TimerSweeps1795252500000',
  ],
});
