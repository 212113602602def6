import { describeServiceBasics } from '@aero/backend-testing';
import { examsService } from '../src/exams.service-definition.js';

describeServiceBasics(examsService, {
  tables: ['courses', 'chapters', 'quiz_questions', 'enrolments', 'withdrawn_shares', 'chapter_progress', 'quiz_answers', 'questions', 'exams', 'exam_questions', 'exam_attempts', 'exam_attempt_questions', 'exam_audit', 'certificates'],
  migrations: ['InitialExams1795252000000', 'Learning1795255000000', 'Exams1795260000000', 'Certificates1795261000000'],
});
