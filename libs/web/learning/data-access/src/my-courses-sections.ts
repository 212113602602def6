import { courseUrl, type Enrolment, type EnrolmentSource, type MyCoursesAnswer, type ReceivedCourseDto } from '@aero/contracts';

/** The sections of My courses (spec: learning §2, §4 Course status), in the order the page shows them. */
export const COURSE_SECTIONS = ['watchlist', 'shared', 'in-progress', 'completed'] as const;
export type CourseSection = (typeof COURSE_SECTIONS)[number];

/** A course card of My courses. */
export interface MyCourseCard {
  courseId: number;
  name: string;
  image: string | null;
  source: EnrolmentSource;
  availableTill: string | null;
  contentEnded: boolean;
  /** Percent of the chapters completed; null while the learning side has not listed the course yet. */
  overall: number | null;
  courseUrl: string;
  /** The learning side's enrolment (progress modal, questions); null for a course only just received. */
  enrolment: Enrolment | null;
}

export type MyCourseSections = Record<CourseSection, MyCourseCard[]>;

/** The section of an enrolment's status (watchlist = created); failed ones have none. */
export function sectionOf(status: Enrolment['status']): CourseSection | null {
  switch (status) {
    case 'created':
      return 'watchlist';
    case 'shared':
      return 'shared';
    case 'in-progress':
      return 'in-progress';
    case 'completed':
      return 'completed';
    default:
      return null;
  }
}

/** The section of a course as the seat side recorded it (bought or received, started, completed). */
function receivedSection(course: ReceivedCourseDto): CourseSection {
  if (course.status === 'completed') return 'completed';
  if (course.status === 'started') return 'in-progress';
  return course.source === 'share' ? 'shared' : 'watchlist';
}

/**
 * The cards of My courses by section: the learning side's enrolments, then the courses the seat
 * side says the learner holds (bought or received) that the learning side does not hold yet (it
 * enrols from their events a moment later), so a course just received is never missing. A course
 * the learning side holds but no longer lists (its content ended, or it failed) is in the course
 * history, not back here. `today` is YYYY-MM-DD: a received course past its last day shows the
 * content as ended.
 */
export function myCourseSections(mine: MyCoursesAnswer, received: readonly ReceivedCourseDto[], today: string): MyCourseSections {
  const sections: MyCourseSections = { watchlist: [], shared: [], 'in-progress': [], completed: [] };
  const listed = new Set<number>(mine.meta.held_course_ids);
  for (const enrolment of mine.data) {
    const section = sectionOf(enrolment.status);
    listed.add(enrolment.course_id);
    if (!section) continue;
    sections[section].push({
      courseId: enrolment.course_id,
      name: enrolment.name,
      image: enrolment.image,
      source: enrolment.source,
      availableTill: enrolment.available_till,
      contentEnded: enrolment.content_ended,
      overall: enrolment.overall,
      courseUrl: enrolment.course_url,
      enrolment,
    });
  }
  for (const course of received) {
    if (listed.has(course.program_id)) continue;
    listed.add(course.program_id);
    sections[receivedSection(course)].push({
      courseId: course.program_id,
      name: course.course_name,
      image: null,
      source: course.source,
      availableTill: course.available_till,
      contentEnded: course.available_till !== null && course.available_till < today,
      overall: null,
      courseUrl: courseUrl(course.program_id),
      enrolment: null,
    });
  }
  return sections;
}

/** Whether some course held is not yet listed by the learning side (the page asks again shortly). */
export function awaitsEnrolment(sections: MyCourseSections): boolean {
  return COURSE_SECTIONS.some((section) => sections[section].some((card) => card.enrolment === null && !card.contentEnded));
}

/** Today's date in UTC as YYYY-MM-DD (the API's `available_till` days are UTC). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
