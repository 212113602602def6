import type { ChapterContent, CoursePage, Enrolment, InstructorQuestion, MyCoursesAnswer, Question, SyllabusChapter } from '@aero/contracts';
import { enrolmentFixture, LEARNING_COURSE_ID, LEARNING_ENROLMENT_ID, syllabusChapterFixture } from '@aero/web-shared-testing';

/** 7.1 Safety (active) · 7.2 Workshop practices (a section: 7.2.1 Care of tools, 7.2.2 quiz). */
export function syllabus(active = 'm7-safety'): SyllabusChapter[] {
  const flag = (slug: string) => ({ is_active: slug === active });
  return [
    syllabusChapterFixture('m7-safety', { name: 'Safety precautions', number: '7.1', ...flag('m7-safety') }),
    syllabusChapterFixture('m7-practices', {
      name: 'Workshop practices',
      number: '7.2',
      kind: 'section',
      expandable: true,
      minutes: null,
      children: [
        syllabusChapterFixture('m7-care-of-tools', { name: 'Care of tools', number: '7.2.1', level: 2, kind: 'text', ...flag('m7-care-of-tools') }),
        syllabusChapterFixture('m7-quiz', { name: 'Module 7 quiz', number: '7.2.2', level: 2, kind: 'quiz', minutes: 5, ...flag('m7-quiz') }),
      ],
    }),
  ];
}

/** The course page answer. */
export function coursePage(overrides: Partial<CoursePage> = {}): { data: CoursePage } {
  return {
    data: {
      course: {
        id: LEARNING_COURSE_ID,
        name: 'Part-66 Module 7: Maintenance Practices',
        subtitle: 'Safety, workshop practices, tools',
        description: 'The maintenance practices of EASA Part-66 Module 7.',
        image: null,
        demo_video_url: 'https://www.youtube-nocookie.com/embed/demo7',
      },
      enrolment: enrolmentFixture(),
      syllabus: syllabus(),
      ...overrides,
    },
  };
}

/** A chapter's content: the video of 7.1. */
export function chapterContent(overrides: Partial<ChapterContent> = {}): { data: ChapterContent } {
  return {
    data: {
      slug: 'm7-safety',
      name: 'Safety precautions',
      subtitle: 'Aircraft and workshop',
      kind: 'video',
      text: null,
      video_url: 'https://www.youtube-nocookie.com/embed/safety',
      quiz: null,
      is_completed: false,
      is_skippable: false,
      can_be_rewatched: true,
      next_chapter_url: `/course/${LEARNING_COURSE_ID}/chapter/m7-care-of-tools`,
      ...overrides,
    },
  };
}

/** A learner's question. */
export function question(n: number, overrides: Partial<Question> = {}): Question {
  return {
    id: `q0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    topic: `Topic ${n}`,
    question: `Question ${n}?`,
    answer: null,
    date: '2026-11-21T12:00:00.000Z',
    answered_at: null,
    schedule_id: LEARNING_ENROLMENT_ID,
    ...overrides,
  };
}

/** A question on the instructor's list. */
export function instructorQuestion(n: number, overrides: Partial<InstructorQuestion> = {}): InstructorQuestion {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    course_id: LEARNING_COURSE_ID,
    course_name: 'Part-66 Module 7: Maintenance Practices',
    topic: `Torque values ${n}`,
    question: 'Which torque applies to the M6 bolts?',
    asked_by_name: 'Sam Student',
    date: '2026-11-21T12:00:00.000Z',
    answer: null,
    answered_at: null,
    ...overrides,
  };
}

/** `GET /api/my-courses`: the enrolments listed, and the courses held (those, and `elsewhere`: only in the history). */
export function myCourses(enrolments: Enrolment[], elsewhere: number[] = []): MyCoursesAnswer {
  return { data: enrolments, meta: { held_course_ids: [...enrolments.map((e) => e.course_id), ...elsewhere] } };
}

/** A page of a list answer. */
export function pageOf<T>(rows: T[], total = rows.length, page = 1, perPage = 10) {
  return { data: rows, meta: { pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) } } };
}
