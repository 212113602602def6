import { MessagingTablesMigration } from '@aero/backend-messaging';

/** Creates the exams schema with its outbox, inbox and dead-letter tables. */
export class InitialExams1795252000000 extends MessagingTablesMigration {
  name = 'InitialExams1795252000000';
  protected readonly schema = 'exams';
}
