import { CHAPTER_SLUG, isUuid } from '@aero/contracts';
import { NotFoundException } from '@nestjs/common';

/*
 * The path parameters of the learning routes: one that cannot name anything is a 404 (no such
 * course, chapter, enrolment or question), as the service would answer; the service checks
 * again.
 */

const NOT_FOUND = 'Not Found';

/** `{course_id}`: the catalogue's program id, digits only. */
export function courseIdParam(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundException({ message: NOT_FOUND });
  return Number(value);
}

/** `{slug}` of a chapter. */
export function slugParam(value: string): string {
  if (!CHAPTER_SLUG.test(value)) throw new NotFoundException({ message: NOT_FOUND });
  return value;
}

/** A uuid (`{uuid}` of an enrolment, `{id}` of a question). */
export function uuidParam(value: string): string {
  if (!isUuid(value)) throw new NotFoundException({ message: NOT_FOUND });
  return value.toLowerCase();
}
