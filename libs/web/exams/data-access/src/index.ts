export * from './exams.api.js';
export * from './countdown.js';
export * from './online.js';
export * from './exam-answers.js';
