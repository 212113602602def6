import { MessagingTablesMigration } from '@aero/backend-messaging';

/** Creates the sharing_organize schema with its outbox, inbox and dead-letter tables. */
export class InitialSharingOrganize1795252000000 extends MessagingTablesMigration {
  name = 'InitialSharingOrganize1795252000000';
  protected readonly schema = 'sharing_organize';
}
