import type { Enrolment, SyllabusChapter } from '@aero/contracts';

/** The course of the learning fixtures: Part-66 Module 7. */
export const LEARNING_COURSE_ID = 1007;
export const LEARNING_ENROLMENT_ID = 'e1000000-0000-4000-8000-000000000001';

/** An enrolment as the API answers it: Part-66 Module 7, bought, not started. */
export function enrolmentFixture(overrides: Partial<Enrolment> = {}): Enrolment {
  return {
    id: LEARNING_ENROLMENT_ID,
    course_id: LEARNING_COURSE_ID,
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
    course_url: `/course/${LEARNING_COURSE_ID}`,
    certificate_number: null,
    ...overrides,
  };
}

/** A syllabus chapter of that course: a 10-minute video, not completed, not active, rewatchable. */
export function syllabusChapterFixture(slug: string, overrides: Partial<SyllabusChapter> = {}): SyllabusChapter {
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
    chapter_url: `/course/${LEARNING_COURSE_ID}/chapter/${slug}`,
    hours: null,
    minutes: 10,
    seconds: null,
    kind: 'video',
    ...overrides,
  };
}
