import { Module } from '@nestjs/common';
import { Enrolments } from './enrolments.js';
import { LearnerDirectory } from './learner-directory.js';

/** What this service knows of users: e-mail, verification, whether they buy for a company, the courses they hold. */
@Module({
  providers: [LearnerDirectory, Enrolments],
  exports: [LearnerDirectory, Enrolments],
})
export class LearnersModule {}
