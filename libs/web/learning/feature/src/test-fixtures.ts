import type { ChapterContent, CoursePage, Enrolment, InstructorQuestion, MyCoursesAnswer, Question, SyllabusChapter } from '@aero/contracts';

export const COURSE_ID = 1007;
export const ENROLMENT_ID = 'e1000000-0000-4000-8000-000000000001';

/** An enrolment as the API answers it: Part-66 Module 7, bought, not started. */
export function enrolment(overrides: Partial<Enrolment> = {}): Enrolment {
  return {
    id: ENROLMENT_ID,
    course_id: COURSE_ID,
    name: 'Part-66 Module 7: Maintenance Practices',
    image: '/images/products/part-66-16by9.svg',
    status: 'created',
    source: 'purchase',
    available_till: '2027-06-30',
    content_ended: false,
    enrolled_at: '2026-11-20T10:00:00.000Z',
    started_at: null,
    completed_at: null,
    overall: 0,
    course_url: `/course/${COURSE_ID}`,
    certificate_number: null,
    ...overrides,
  };
}

/** A syllabus chapter: a video, not completed, not active. */
export function syllabusChapter(slug: string, overrides: Partial<SyllabusChapter> = {}): SyllabusChapter {
  return {
    slug,
    name: slug,
    number: '7',
    subtitle: null,
    level: 1,
    children: [],
    expandable: false,
    is_completed: false,
    is_active: false,
    is_skippable: false,
    can_be_rewatched: true,
    is_completed_course: false,
    chapter_url: `/course/${COURSE_ID}/chapter/${slug}`,
    hours: null,
    minutes: 10,
    seconds: null,
    kind: 'video',
    ...overrides,
  };
}

/** 7.1 Safety (active) · 7.2 Workshop practices (a section: 7.2.1 Care of tools, 7.2.2 quiz). */
export function syllabus(active = 'm7-safety'): SyllabusChapter[] {
  const flag = (slug: string) => ({ is_active: slug === active });
  return [
    syllabusChapter('m7-safety', { name: 'Safety precautions', number: '7.1', ...flag('m7-safety') }),
    syllabusChapter('m7-practices', {
      name: 'Workshop practices',
      number: '7.2',
      kind: 'section',
      expandable: true,
      minutes: null,
      children: [
        syllabusChapter('m7-care-of-tools', { name: 'Care of tools', number: '7.2.1', level: 2, kind: 'text', ...flag('m7-care-of-tools') }),
        syllabusChapter('m7-quiz', { name: 'Module 7 quiz', number: '7.2.2', level: 2, kind: 'quiz', minutes: 5, ...flag('m7-quiz') }),
      ],
    }),
  ];
}

/** The course page answer. */
export function coursePage(overrides: Partial<CoursePage> = {}): { data: CoursePage } {
  return {
    data: {
      course: {
        id: COURSE_ID,
        name: 'Part-66 Module 7: Maintenance Practices',
        subtitle: 'Safety, workshop practices, tools',
        description: 'The maintenance practices of EASA Part-66 Module 7.',
        image: null,
        demo_video_url: 'https://www.youtube-nocookie.com/embed/demo7',
      },
      enrolment: enrolment(),
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
      next_chapter_url: `/course/${COURSE_ID}/chapter/m7-care-of-tools`,
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
    schedule_id: ENROLMENT_ID,
    ...overrides,
  };
}

/** A question on the instructor's list. */
export function instructorQuestion(n: number, overrides: Partial<InstructorQuestion> = {}): InstructorQuestion {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    course_id: COURSE_ID,
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
