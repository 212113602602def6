import { ExamsRpc, type ChapterCompleted, type CourseCompleted, type CourseStarted, type SyllabusChapter } from '@aero/contracts';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { COURSES, day, ExamsKit, rejection, type TestLearner } from './support/exams-test-kit.js';

/** Every node of a tree, depth first. */
const all = (nodes: SyllabusChapter[]): SyllabusChapter[] => nodes.flatMap((n) => [n, ...all(n.children)]);

describe('the course page, chapters, completions, quizzes and the progress modal (issue 14)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  const page = (learner: TestLearner, courseId: number = COURSES.module7.id) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.CoursePage, { courseId }));
  const chapter = (learner: TestLearner, slug: string, courseId: number = COURSES.module7.id) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.Chapter, { courseId, slug }));
  const complete = (learner: TestLearner, slug: string, reason: string = 'marked_done', courseId: number = COURSES.module7.id) =>
    kit.as(learner, (rpc) => rpc.call(ExamsRpc.CompleteChapter, { courseId, slug, reason }));
  const answer = (learner: TestLearner, slug: string, question_id: string, choice: string, courseId: number = COURSES.module7.id) =>
    kit.as(learner, (rpc) => rpc.call(ExamsRpc.AnswerQuiz, { courseId, slug, question_id, choice }));
  const progress = (learner: TestLearner, enrolmentId: string) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.CourseProgress, { enrolmentId }));

  async function enrolled(options: Parameters<ExamsKit['enrolment']>[1] = {}) {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, options);
    await kit.enrol(data);
    return { learner, enrolmentId: data.enrolmentId };
  }

  /** The questions of a quiz chapter with their right answers (read from the database). */
  async function quiz(slug: string): Promise<{ id: string; correct: string }[]> {
    return kit.db.query('SELECT q.id, q.correct FROM exams.quiz_questions q JOIN exams.chapters c ON c.id = q.chapter_id WHERE c.slug = $1 ORDER BY q.position', [slug]);
  }

  it('the non-watching view: the course and its tree, nothing active or completed; no chapter content', async () => {
    const visitor = await kit.learner();
    const { data } = await page(visitor);
    expect(data.course).toEqual({
      id: 1007,
      name: COURSES.module7.name,
      subtitle: 'EASA Part-66 basic knowledge for the B1 and B2 licence',
      description: expect.any(String),
      image: '/images/products/part-66-16by9.svg',
      demo_video_url: 'https://player.vimeo.com/video/76979871',
    });
    expect(data.enrolment).toBeNull();
    expect(data.syllabus.map((n) => n.number)).toEqual(['7.1', '7.2', '7.3']);
    expect(Math.max(...all(data.syllabus).map((n) => n.level))).toBe(3);
    expect(all(data.syllabus).some((n) => n.is_active || n.is_completed)).toBe(false);
    expect(await rejection(chapter(visitor, 'm7-1-1-1-introduction'))).toMatchObject({ status: 404, code: 'course.not_enrolled' });
    expect(await rejection(page(visitor, 999_999))).toMatchObject({ status: 404, code: 'course.not_found' });
  });

  it('the watching view: the first chapter is active; a locked chapter is refused, a skippable one opens', async () => {
    const { learner } = await enrolled();
    const { data } = await page(learner);
    expect(data.enrolment).toMatchObject({ status: 'created', overall: 0, content_ended: false });
    const active = all(data.syllabus).filter((n) => n.is_active);
    expect(active.map((n) => n.slug)).toEqual(['m7-1-1-1-introduction']);
    expect(data.syllabus[0]).toMatchObject({ slug: 'm7-1-safety-precautions', level: 1, expandable: true, kind: 'section', chapter_url: '/course/1007/chapter/m7-1-safety-precautions' });
    const intro = await chapter(learner, 'm7-1-1-1-introduction');
    expect(intro.data).toEqual({
      slug: 'm7-1-1-1-introduction',
      name: 'Introduction to hangar safety',
      subtitle: 'Why safety comes first in maintenance',
      kind: 'video',
      text: null,
      video_url: 'https://player.vimeo.com/video/76979871',
      quiz: null,
      is_completed: false,
      is_skippable: true,
      can_be_rewatched: true,
      next_chapter_url: '/course/1007/chapter/m7-1-1-2-electricity',
    });
    expect(await rejection(chapter(learner, 'm7-1-1-2-electricity'))).toMatchObject({ status: 403, code: 'course.chapter_locked' });
    expect((await chapter(learner, 'm7-3-1-2-title-block')).data).toMatchObject({ kind: 'text', text: expect.stringContaining('title block') });
    expect(await rejection(chapter(learner, 'no-such-chapter'))).toMatchObject({ status: 404, code: 'course.chapter_not_found' });
  });

  it('completing chapters: as each allows; the first starts the course once; each is announced once', async () => {
    const { learner, enrolmentId } = await enrolled();
    // Not skippable: only by its end.
    await complete(learner, 'm7-1-1-1-introduction', 'video_ended');
    await complete(learner, 'm7-1-1-2-electricity');
    await complete(learner, 'm7-1-1-3-gases-oils-chemicals');
    expect(await rejection(complete(learner, 'm7-1-2-1-fire-extinguishers', 'marked_done'))).toMatchObject({
      status: 409,
      code: 'course.completion_not_allowed',
      message: 'This video cannot be skipped: watch it to the end.',
    });
    expect((await complete(learner, 'm7-1-2-1-fire-extinguishers', 'video_ended')).data).toEqual({ chapter_completed: true, overall: 28 });
    // Again: nothing new.
    expect((await complete(learner, 'm7-1-2-1-fire-extinguishers', 'video_ended')).data).toEqual({ chapter_completed: true, overall: 28 });
    expect(await rejection(complete(learner, 'm7-1-quiz'))).toMatchObject({ status: 403, code: 'course.chapter_locked' });
    expect(await rejection(complete(learner, 'm7-1-safety-precautions'))).toMatchObject({ status: 409, message: 'A section is completed with its chapters.' });
    expect(await rejection(complete(learner, 'm7-1-1-1-introduction', 'skipped'))).toMatchObject({ status: 422, errors: { reason: ['The reason must be video_ended or marked_done.'] } });

    const { data } = await page(learner);
    expect(data.enrolment).toMatchObject({ status: 'in-progress', overall: 28, started_at: expect.any(String) });
    const nodes = all(data.syllabus);
    expect(nodes.find((n) => n.slug === 'm7-1-1-hazards')).toMatchObject({ is_completed: true });
    expect(nodes.filter((n) => n.is_active).map((n) => n.slug)).toEqual(['m7-1-2-2-first-response']);

    expect((await kit.outbox<CourseStarted>('course.started')).filter((e) => e.userId === learner.userId)).toEqual([
      expect.objectContaining({ programId: 1007, enrolmentId }),
    ]);
    const chapters = (await kit.outbox<ChapterCompleted>('chapter.completed')).filter((e) => e.userId === learner.userId);
    expect(chapters.map((e) => [e.chapterSlug, e.reason, e.overall])).toEqual([
      ['m7-1-1-1-introduction', 'video_ended', 7],
      ['m7-1-1-2-electricity', 'marked_done', 14],
      ['m7-1-1-3-gases-oils-chemicals', 'marked_done', 21],
      ['m7-1-2-1-fire-extinguishers', 'video_ended', 28],
    ]);
  });

  it('the same chapter completed five times at once: one completion, one start', async () => {
    const { learner } = await enrolled();
    await Promise.all(Array.from({ length: 5 }, () => complete(learner, 'm7-1-1-1-introduction', 'video_ended')));
    expect((await kit.outbox<ChapterCompleted>('chapter.completed')).filter((e) => e.userId === learner.userId)).toHaveLength(1);
    expect((await kit.outbox<CourseStarted>('course.started')).filter((e) => e.userId === learner.userId)).toHaveLength(1);
  });

  it('a practice quiz: each answer right or wrong at once with its explanation; answering every question, right or wrong, completes it; retakable', async () => {
    const { learner, enrolmentId } = await enrolled({ courseId: COURSES.part145.id, courseName: COURSES.part145.name });
    const course = COURSES.part145.id;
    for (const slug of ['c2001-welcome', 'c2001-objectives', 'c2001-essentials']) await complete(learner, slug, 'marked_done', course);
    const questions = await quiz('c2001-check');
    expect(await rejection(complete(learner, 'c2001-check', 'marked_done', course))).toMatchObject({ status: 409, message: 'A quiz is completed by answering all its questions.' });
    const content = await chapter(learner, 'c2001-check', course);
    expect(content.data.quiz?.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(content.data.quiz?.questions[0]).toEqual({ id: questions[0].id, question: expect.any(String), A: expect.any(String), B: expect.any(String), C: expect.any(String) });
    expect(content.data.next_chapter_url).toBeNull();

    const wrong = (q: { correct: string }) => (q.correct === 'A' ? 'B' : 'A');
    /** The whole answer to a wrong choice: the right one with its explanation, and the quiz's count. */
    const wrongAnswered = (q: { correct: string }, answered: number, chapterCompleted: boolean) => ({
      correct: false,
      correct_choice: q.correct,
      explanation: expect.any(String),
      answered,
      total: 2,
      chapter_completed: chapterCompleted,
    });
    // A wrong answer counts as answered: the quiz is ungraded.
    expect((await answer(learner, 'c2001-check', questions[0].id, wrong(questions[0]), course)).data).toEqual(wrongAnswered(questions[0], 1, false));
    // The same question again, right this time, is still one question answered.
    expect((await answer(learner, 'c2001-check', questions[0].id, questions[0].correct, course)).data).toMatchObject({ correct: true, answered: 1, chapter_completed: false });
    const modal = await progress(learner, enrolmentId);
    expect(modal.data.map((e) => e.progress)).toEqual([100, 100, 100, 50]);
    expect(modal.data[3].completed_at).toBeNull();
    // The last question answered wrong completes the quiz all the same.
    expect((await answer(learner, 'c2001-check', questions[1].id, wrong(questions[1]), course)).data).toEqual(wrongAnswered(questions[1], 2, true));
    // Retaken after it completed, wrong again and right: it stays completed, nothing published again.
    expect((await answer(learner, 'c2001-check', questions[0].id, wrong(questions[0]), course)).data).toMatchObject({ correct: false, answered: 2, chapter_completed: true });
    expect((await answer(learner, 'c2001-check', questions[1].id, questions[1].correct, course)).data).toMatchObject({ correct: true, answered: 2, chapter_completed: true });
    expect((await progress(learner, enrolmentId)).data[3]).toMatchObject({ completed_at: expect.any(String), progress: 100 });

    expect(await rejection(answer(learner, 'c2001-check', questions[0].id, 'D', course))).toMatchObject({ status: 422, errors: { choice: ['The answer must be A, B or C.'] } });
    expect(await rejection(answer(learner, 'c2001-check', enrolmentId, 'A', course))).toMatchObject({ status: 422, errors: { question_id: ['No such question in this quiz.'] } });
    expect(await rejection(answer(learner, 'c2001-essentials', questions[0].id, 'A', course))).toMatchObject({ status: 409, code: 'course.not_a_quiz' });

    // The last chapter completed the course.
    const { data } = await page(learner, course);
    expect(data.enrolment).toMatchObject({ status: 'completed', overall: 100, completed_at: expect.any(String) });
    expect(all(data.syllabus).every((n) => n.is_completed && n.is_completed_course && !n.is_active)).toBe(true);
    expect((await kit.outbox<CourseCompleted>('course.completed')).filter((e) => e.userId === learner.userId)).toEqual([expect.objectContaining({ programId: course, enrolmentId })]);
    expect((await kit.outbox<ChapterCompleted>('chapter.completed')).filter((e) => e.userId === learner.userId).map((e) => e.reason)).toEqual([
      'marked_done',
      'marked_done',
      'marked_done',
      'quiz_passed',
    ]);
  });

  it('the progress modal: one line per chapter to complete, in order, and the overall percent; own enrolments only', async () => {
    const { learner, enrolmentId } = await enrolled();
    await complete(learner, 'm7-1-1-1-introduction', 'video_ended');
    const modal = await progress(learner, enrolmentId);
    expect(modal.data).toHaveLength(14);
    expect(modal.data[0]).toEqual({ name: 'Introduction to hangar safety', completed_at: expect.any(String), progress: 100 });
    expect(modal.data[1]).toEqual({ name: 'Working with electricity', completed_at: null, progress: 0 });
    expect(modal.meta).toEqual({ overall: 7 });
    const other = await kit.learner();
    expect(await rejection(progress(other, enrolmentId))).toMatchObject({ status: 404, code: 'course.enrolment_not_found' });
    expect(await rejection(progress(learner, 'not-a-uuid'))).toMatchObject({ status: 404 });
  });

  it("after the access ended: 'The content of this course has ended.', the non-watching tree", async () => {
    const { learner, enrolmentId } = await enrolled({ availableTill: day(-1) });
    expect(await rejection(chapter(learner, 'm7-1-1-1-introduction'))).toEqual({
      status: 403,
      code: 'course.content_ended',
      message: 'The content of this course has ended.',
    });
    expect(await rejection(complete(learner, 'm7-1-1-1-introduction', 'video_ended'))).toMatchObject({ status: 403, code: 'course.content_ended' });
    const { data } = await page(learner);
    expect(data.enrolment).toMatchObject({ id: enrolmentId, content_ended: true });
    expect(all(data.syllabus).some((n) => n.is_active)).toBe(false);
    // The progress stays readable.
    expect((await progress(learner, enrolmentId)).meta).toEqual({ overall: 0 });
  });
});
