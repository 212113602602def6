import { z } from 'zod';
import { formErrors } from '../common/form-schema.js';
import { chapterSeconds } from './learning.js';
import { askQuestionRequestSchema, chapterCompleteBodySchema, questionListQuerySchema, quizAnswerBodySchema } from './learning.schema.js';
import { coursePageAnswerSchema, type SyllabusChapter } from './learning-answers.schema.js';

const ENROLMENT = '0b8c6b52-6f5e-4d9a-9d52-2a8f4f1b8c11';

describe('learning request schemas', () => {
  it('the question form: topic and question required, up to 120 and 2000 characters, the enrolment as schedule_id', () => {
    expect(formErrors(askQuestionRequestSchema, {})).toEqual({
      topic: ['The topic is required.'],
      question: ['The question is required.'],
      schedule_id: ['The course enrolment is required.'],
    });
    expect(formErrors(askQuestionRequestSchema, { topic: 'x'.repeat(121), question: 'q'.repeat(2001), schedule_id: 'nope' })).toEqual({
      topic: ['The topic must have up to 120 characters.'],
      question: ['The question must have up to 2000 characters.'],
      schedule_id: ['The course enrolment is invalid.'],
    });
    expect(formErrors(askQuestionRequestSchema, { topic: 'x'.repeat(120), question: 'Why?\nBecause.', schedule_id: ENROLMENT })).toBeNull();
  });

  it('completion reasons, quiz choices and the Q&A limit', () => {
    expect(formErrors(chapterCompleteBodySchema, { reason: 'skipped' })).toEqual({ reason: ['The reason must be video_ended or marked_done.'] });
    expect(formErrors(chapterCompleteBodySchema, { reason: 'marked_done' })).toBeNull();
    expect(formErrors(quizAnswerBodySchema, { question_id: ENROLMENT, choice: 'D' })).toEqual({ choice: ['The answer must be A, B or C.'] });
    expect(questionListQuerySchema.parse({}).limit).toBe(5);
    expect(questionListQuerySchema.parse({ limit: '10' }).limit).toBe(10);
    expect(formErrors(questionListQuerySchema, { limit: '0' })).toEqual({ limit: ['The limit must be a whole number from 1 to 500.'] });
  });
});

describe('the course page answer', () => {
  const leaf = (slug: string, level: number): SyllabusChapter => ({
    slug,
    name: slug,
    number: '1',
    subtitle: null,
    level,
    children: [],
    expandable: false,
    is_completed: false,
    is_active: false,
    is_skippable: false,
    can_be_rewatched: true,
    is_completed_course: false,
    chapter_url: `/course/1/chapter/${slug}`,
    hours: null,
    minutes: 5,
    seconds: null,
    kind: 'video',
  });

  it('a syllabus tree of any depth parses and has an API document', () => {
    const tree = { ...leaf('a', 1), kind: 'section' as const, expandable: true, children: [{ ...leaf('b', 2), children: [leaf('c', 3)] }] };
    const answer = { data: { course: { id: 1, name: 'n', subtitle: null, description: null, image: null, demo_video_url: null }, enrolment: null, syllabus: [tree] } };
    expect(coursePageAnswerSchema.parse(answer)).toEqual(answer);
    expect(JSON.stringify(z.toJSONSchema(coursePageAnswerSchema, { target: 'openapi-3.0' }))).toContain('children');
  });

  it('a duration is hours*3600 + minutes*60 + seconds, none when empty', () => {
    expect(chapterSeconds({ hours: 1, minutes: 2, seconds: 3 })).toBe(3723);
    expect(chapterSeconds({ hours: null, minutes: 5, seconds: null })).toBe(300);
    expect(chapterSeconds({ hours: null, minutes: null, seconds: null })).toBeNull();
  });
});
