import { describeServiceBasics } from '@aero/backend-testing';
import { examsService } from '../src/exams.service-definition.js';

describeServiceBasics(examsService, {
  tables: ['courses', 'chapters', 'quiz_questions', 'enrolments', 'withdrawn_shares', 'chapter_progress', 'quiz_answers', 'questions'],
  migrations: ['InitialExams1795252000000', 'Learning1795255000000'],
});
