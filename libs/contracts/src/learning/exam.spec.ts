import { describe, expect, it } from '@jest/globals';
import { formErrors } from '../common/form-schema.js';
import { examAnswerBodySchema, examAuditQuerySchema, examCompleteBodySchema, ExamMessages, examResultsUrl, examUrl } from './exam.js';

const QUESTION = '6d7c4a52-52bb-4f0f-9d8e-7c1f2f0e9a11';

describe('exam request schemas', () => {
  it('an answer: a question id and A, B or C (anything else is the answer-letter refusal)', () => {
    expect(formErrors(examAnswerBodySchema, { question_id: QUESTION, choice: 'B' })).toBeNull();
    expect(examAnswerBodySchema.parse({ question_id: QUESTION.toUpperCase(), choice: 'C' })).toEqual({ question_id: QUESTION, choice: 'C' });
    for (const choice of ['D', 'a', '', null, 1, undefined]) {
      expect(formErrors(examAnswerBodySchema, { question_id: QUESTION, choice })).toEqual({ choice: [ExamMessages.answerLetterInvalid] });
    }
    expect(formErrors(examAnswerBodySchema, { question_id: 'q1', choice: 'A' })).toEqual({ question_id: [ExamMessages.questionIdInvalid] });
  });

  it('a completion: a list of { id, choice }, a choice null for a question left unanswered; absent is empty', () => {
    expect(examCompleteBodySchema.parse({})).toEqual({ choices: [] });
    expect(examCompleteBodySchema.parse({ choices: [{ id: QUESTION, choice: 'A' }, { id: QUESTION, choice: null }, { id: QUESTION }] })).toEqual({
      choices: [
        { id: QUESTION, choice: 'A' },
        { id: QUESTION, choice: null },
        { id: QUESTION, choice: null },
      ],
    });
    expect(formErrors(examCompleteBodySchema, { choices: [{ id: QUESTION, choice: 'X' }] })).toEqual({ choices: [ExamMessages.answerLetterInvalid] });
    expect(formErrors(examCompleteBodySchema, { choices: 'A' })).toEqual({ choices: [ExamMessages.choicesInvalid] });
    expect(formErrors(examCompleteBodySchema, { choices: [{ choice: 'A' }] })).toEqual({ choices: [ExamMessages.choicesInvalid] });
    expect(formErrors(examCompleteBodySchema, { choices: Array.from({ length: 501 }, () => ({ id: QUESTION, choice: 'A' })) })).toEqual({ choices: [ExamMessages.choicesInvalid] });
  });

  it('the audit export names its learner', () => {
    expect(formErrors(examAuditQuerySchema, {})).toEqual({ user_id: [ExamMessages.userIdRequired] });
    expect(examAuditQuerySchema.parse({ user_id: ' u1 ' })).toEqual({ user_id: 'u1' });
  });

  it('the web routes of the exam and its results', () => {
    expect(examUrl(1007, 3)).toBe('/course/1007/exam/3');
    expect(examResultsUrl(1007, 3)).toBe('/course/1007/exam/3/results');
  });
});
