import { Module } from '@nestjs/common';
import { SyllabusModule } from '../syllabus/syllabus.module.js';
import { CoursePagesService } from './course-pages.service.js';
import { LearnerCourses } from './learner-course.js';
import { ProgressRpcController } from './progress.rpc.controller.js';
import { ProgressService } from './progress.service.js';

/** The course page, chapters' content, completions, practice quizzes and the progress modal. */
@Module({
  imports: [SyllabusModule],
  controllers: [ProgressRpcController],
  providers: [LearnerCourses, CoursePagesService, ProgressService],
  exports: [LearnerCourses],
})
export class ProgressModule {}
