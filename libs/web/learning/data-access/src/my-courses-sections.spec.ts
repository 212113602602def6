import { describe, expect, it } from '@jest/globals';
import type { Enrolment, MyCoursesAnswer, ReceivedCourseDto } from '@aero/contracts';
import { enrolmentFixture } from '@aero/web-shared-testing';
import { awaitsEnrolment, myCourseSections, sectionOf, todayUtc } from './my-courses-sections.js';

function received(overrides: Partial<ReceivedCourseDto> = {}): ReceivedCourseDto {
  return { program_id: 2001, course_name: 'Part-145 Initial Training', source: 'share', enrolled_at: '2026-11-20T10:00:00.000Z', available_till: '2027-06-30', status: 'enrolled', ...overrides };
}

/** The learning side's answer: the enrolments listed, and the courses it holds (those and `elsewhere`: ended, failed). */
function mine(enrolments: Enrolment[], elsewhere: number[] = []): MyCoursesAnswer {
  return { data: enrolments, meta: { held_course_ids: [...enrolments.map((e) => e.course_id), ...elsewhere] } };
}

describe('My courses sections', () => {
  it('puts each status in its section (watchlist = created) and no failed course anywhere', () => {
    expect((['created', 'shared', 'in-progress', 'completed', 'failed'] as const).map(sectionOf)).toEqual(['watchlist', 'shared', 'in-progress', 'completed', null]);
    const sections = myCourseSections(
      mine([enrolmentFixture({ course_id: 1 }), enrolmentFixture({ course_id: 2, status: 'shared' }), enrolmentFixture({ course_id: 3, status: 'in-progress', overall: 40 }), enrolmentFixture({ course_id: 4, status: 'completed' }), enrolmentFixture({ course_id: 5, status: 'failed' })]),
      [],
      '2026-12-01',
    );
    expect(Object.fromEntries(Object.entries(sections).map(([section, cards]) => [section, cards.map((card) => card.courseId)]))).toEqual({
      watchlist: [1],
      shared: [2],
      'in-progress': [3],
      completed: [4],
    });
    expect(sections['in-progress'][0]).toMatchObject({ overall: 40, courseUrl: '/course/1007', contentEnded: false });
  });

  it('adds the courses held that the learning side does not list yet, by their seat-side state', () => {
    const sections = myCourseSections(
      mine([enrolmentFixture({ course_id: 2001 })]),
      [
        received(),
        received({ program_id: 3, source: 'purchase' }),
        received({ program_id: 4, status: 'started' }),
        received({ program_id: 5, status: 'completed', available_till: '2026-11-30' }),
      ],
      '2026-12-01',
    );
    expect(sections.watchlist.map((card) => [card.courseId, card.enrolment === null])).toEqual([
      [2001, false],
      [3, true],
    ]);
    expect(sections['in-progress'][0]).toMatchObject({ courseId: 4, overall: null, courseUrl: '/course/4', contentEnded: false });
    expect(sections.completed[0]).toMatchObject({ courseId: 5, contentEnded: true });
    expect(sections.shared).toEqual([]);
    expect(awaitsEnrolment(sections)).toBe(true);
  });

  it('does not bring back from the seat side a course the learning side holds but no longer lists (ended or failed: the history)', () => {
    const sections = myCourseSections(
      mine([enrolmentFixture()], [2001, 2002]),
      [received({ program_id: 1007, source: 'purchase' }), received({ status: 'started' }), received({ program_id: 2002, available_till: '2026-11-30' }), received({ program_id: 2101 })],
      '2026-12-01',
    );
    expect(Object.fromEntries(Object.entries(sections).map(([section, cards]) => [section, cards.map((card) => [card.courseId, card.enrolment === null])]))).toEqual({
      watchlist: [[1007, false]],
      shared: [[2101, true]],
      'in-progress': [],
      completed: [],
    });
    // A failed course the seat side still calls started is not waited for.
    expect(awaitsEnrolment(myCourseSections(mine([], [2001]), [received({ status: 'started' })], '2026-12-01'))).toBe(false);
  });

  it('waits for nothing once every course held is listed, or only ended ones are not', () => {
    expect(awaitsEnrolment(myCourseSections(mine([enrolmentFixture()]), [received({ program_id: 1007 })], '2026-12-01'))).toBe(false);
    expect(awaitsEnrolment(myCourseSections(mine([]), [received({ available_till: '2026-01-01' })], '2026-12-01'))).toBe(false);
    expect(awaitsEnrolment(myCourseSections(mine([]), [received({ available_till: null })], '2026-12-01'))).toBe(true);
  });

  it("today is the UTC day", () => {
    expect(todayUtc(new Date('2026-12-01T23:30:00.000-02:00'))).toBe('2026-12-02');
  });
});
