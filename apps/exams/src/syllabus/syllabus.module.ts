import { Module } from '@nestjs/common';
import { SyllabusStore } from './syllabus-store.js';

/** Courses' syllabus trees: read (cached per syllabus version) by the course pages and progress. */
@Module({
  providers: [SyllabusStore],
  exports: [SyllabusStore],
})
export class SyllabusModule {}
