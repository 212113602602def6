/* The learning contracts (exams): enrolments, course pages and syllabus, quizzes, progress, questions, exams; their RPCs and events. */
export * from './learning.js';
export * from './learning.schema.js';
export * from './learning-answers.schema.js';
export * from './exam.js';
export * from './certificates.js';
export * from '../rpc/exams.rpc.js';
export * from '../events/enrolment-created.event.js';
export * from '../events/chapter-completed.event.js';
export * from '../events/question-asked.event.js';
export * from '../events/question-answered.event.js';
export * from '../events/exam-attempt-completed.event.js';
export * from '../events/exam-passed.event.js';
export * from '../events/exam-failed.event.js';
export * from '../events/certificate-issued.event.js';
