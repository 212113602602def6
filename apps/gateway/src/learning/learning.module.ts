import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { CoursePagesController } from './course-pages.controller.js';
import { CourseProgressController } from './course-progress.controller.js';
import { CourseQuestionsController } from './course-questions.controller.js';
import { ExamAuditController, ExamsController } from './exams.controller.js';
import { InstructorQuestionsController } from './instructor-questions.controller.js';
import './learning-schemas.js';
import { MyCoursesController } from './my-courses.controller.js';

/**
 * The HTTP face of the learning side (exams; spec: learning §2 my courses, course page, syllabus,
 * quiz, progress modal, questions and answers, exams; §7) and the exam audit export. Every route reads the signed-in user through
 * the account guards first, so the calls carry them as the actor.
 */
@Module({
  controllers: [MyCoursesController, CoursePagesController, CourseProgressController, CourseQuestionsController, InstructorQuestionsController, ExamsController, ExamAuditController],
  providers: [SignedInUsers, AccountGuard],
})
export class LearningGatewayModule {}
