import { courseUrl, type Enrolment, type EnrolmentSource, type EnrolmentStatus } from '@aero/contracts';
import { contentEnded, overallPercent } from './enrolment-rules.js';
import { isoTime } from '../common/iso-time.js';

/** An enrolment as the reads select it (ENROLMENT_COLUMNS), with the course's picture and the chapters done. */
export interface EnrolmentRow {
  id: string;
  user_id: string;
  email: string;
  course_id: number;
  course_name: string;
  image: string | null;
  source: EnrolmentSource;
  status: EnrolmentStatus;
  available_till: string;
  enrolled_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  done: number;
  total: number;
  /** The enrolment's certificate while valid, else null (not read: null). */
  certificate_number?: string | null;
}

/** The columns of EnrolmentRow, from `exams.enrolments e` joined with `exams.courses c`. */
export const ENROLMENT_COLUMNS = `e.id, e.user_id, e.email, e.course_id, COALESCE(c.name, e.course_name) AS course_name, c.image, e.source, e.status,
  to_char(e.available_till, 'YYYY-MM-DD') AS available_till, e.enrolled_at, e.started_at, e.completed_at,
  (SELECT count(*)::int FROM exams.chapter_progress p JOIN exams.chapters ch ON ch.id = p.chapter_id
    WHERE p.enrolment_id = e.id AND ch.kind <> 'section') AS done,
  (SELECT count(*)::int FROM exams.chapters ch WHERE ch.course_id = e.course_id AND ch.kind <> 'section') AS total,
  (SELECT cert.number FROM exams.certificates cert WHERE cert.enrolment_id = e.id AND cert.revoked_at IS NULL) AS certificate_number`;

/** The enrolment as the API answers it. */
export function toEnrolmentDto(row: EnrolmentRow, now: Date = new Date()): Enrolment {
  return {
    id: row.id,
    course_id: row.course_id,
    name: row.course_name,
    image: row.image,
    status: row.status,
    source: row.source,
    available_till: row.available_till,
    content_ended: contentEnded(row.available_till, now),
    enrolled_at: isoTime(row.enrolled_at)!,
    started_at: isoTime(row.started_at),
    completed_at: isoTime(row.completed_at),
    overall: row.status === 'completed' ? 100 : overallPercent(row.done, row.total),
    course_url: courseUrl(row.course_id),
    certificate_number: row.certificate_number ?? null,
  };
}
