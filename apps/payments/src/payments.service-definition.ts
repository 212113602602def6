import type { ServiceDefinition } from '@aero/backend-runtime';
import { PaymentsModule } from './payments.module.js';
import { InitialPayments1795252000000 } from './migrations/1795252000000-initial-payments.js';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  schema: 'payments',
  portVariable: 'PAYMENTS_HTTP_PORT',
  defaultPort: 3102,
  entities: [],
  migrations: [InitialPayments1795252000000],
  module: PaymentsModule,
};
