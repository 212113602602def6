import { Module } from '@nestjs/common';
import { LearnerDirectory } from './learner-directory.js';

/** What this service knows of users: e-mail, verification, whether they buy for a company. */
@Module({
  providers: [LearnerDirectory],
  exports: [LearnerDirectory],
})
export class LearnersModule {}
