import { ExamRetryAvailableEvent, QuestionAnsweredEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailsService } from '../emails/emails.service.js';
import { examRetryAvailableEmail, questionAnsweredEmail } from './learning-email.templates.js';

/** The durable consumers of the learning e-mails. */
export const LEARNING_EMAIL_CONSUMERS = {
  questionAnswered: 'notifications.question-answered',
  examRetryAvailable: 'notifications.exam-retry-available',
} as const;

/**
 * The e-mails the learning side (exams) asks for through its events: the instructor's answer to
 * a learner's question, and the next exam attempt available once the grace period after a failed
 * one ended. The handler records the e-mail under the question's (attempt's) key and enqueues its
 * send inside the inbox transaction; the e-mail worker sends it once, even when the event comes
 * twice or the job is retried.
 */
@Injectable()
export class LearningEmailsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: LEARNING_EMAIL_CONSUMERS.questionAnswered,
      event: QuestionAnsweredEvent,
      handle: async (event, manager) => {
        await this.emails.schedule(manager, { ...questionAnsweredEmail(event.data), eventId: event.id });
      },
    });
    this.consumers.register({
      consumer: LEARNING_EMAIL_CONSUMERS.examRetryAvailable,
      event: ExamRetryAvailableEvent,
      handle: async (event, manager) => {
        await this.emails.schedule(manager, { ...examRetryAvailableEmail(event.data), eventId: event.id });
      },
    });
  }
}
