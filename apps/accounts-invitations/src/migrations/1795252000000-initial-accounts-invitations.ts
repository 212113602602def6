import { MessagingTablesMigration } from '@aero/backend-messaging';

/** Creates the accounts_invitations schema with its outbox, inbox and dead-letter tables. */
export class InitialAccountsInvitations1795252000000 extends MessagingTablesMigration {
  name = 'InitialAccountsInvitations1795252000000';
  protected readonly schema = 'accounts_invitations';
}
