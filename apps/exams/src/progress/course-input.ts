import { CHAPTER_SLUG, isUuid } from '@aero/contracts';
import { LearningErrors } from '../common/learning.errors.js';

/** A course id of a request: a whole number from 1, else the course is not found. */
export function courseIdOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 999_999_999) throw LearningErrors.courseNotFound();
  return id;
}

/** A chapter slug of a request, else the chapter is not found. */
export function slugOf(value: unknown): string {
  if (typeof value !== 'string' || !CHAPTER_SLUG.test(value)) throw LearningErrors.chapterNotFound();
  return value;
}

/** An enrolment id of a request, else it is not found. */
export function enrolmentIdOf(value: unknown): string {
  if (!isUuid(value)) throw LearningErrors.enrolmentNotFound();
  return value.toLowerCase();
}
