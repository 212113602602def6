import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { LearningEmailsHandlers } from './learning-emails.event-handlers.js';

/** E-mails about learning: the instructor's answer to a learner's question, the next exam attempt available. */
@Module({
  imports: [EmailsModule],
  providers: [LearningEmailsHandlers],
})
export class LearningEmailsModule {}
