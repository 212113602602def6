import { MessagingTablesMigration } from '@aero/backend-messaging';

/** Creates the payments schema with its outbox, inbox and dead-letter tables. */
export class InitialPayments1795252000000 extends MessagingTablesMigration {
  name = 'InitialPayments1795252000000';
  protected readonly schema = 'payments';
}
