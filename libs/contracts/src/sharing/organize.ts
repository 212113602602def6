/** A student of an organized course (spec: learning §3 Student assignment). */
export interface StudentAssignmentDto {
  /** The employee's id when picked from the employees, absent when typed in. */
  id?: string | null;
  name: string;
  /** Empty when the student has no e-mail: the course then goes by ticket. */
  email: string | null;
  /** 1: by ticket (forced when there is no e-mail); 0: by e-mail. */
  share_by_ticket: 0 | 1;
  hard_copy_certificate: boolean;
}

/** A student of a delivery as sharing-organize reads it (`deliverCoursesRequestSchema`). */
export interface DeliveryStudent {
  name: string;
  /** Lower-case; null when the student has none. */
  email: string | null;
  byTicket: boolean;
  hardCopy: boolean;
}

/** The organize-course draft the page keeps between steps (`POST /organize-course`, learning §7). */
export interface OrganizeDraftDto {
  course: { program_id: number; name: string } | null;
  product: { id: number; name: string } | null;
  students: StudentAssignmentDto[];
}

/** What the organizer has for a course now: seats to deliver and hard-copy certificate credits. */
export interface OrganizeAvailabilityDto {
  program_id: number;
  seats: number;
  certificates: number;
}

/** `POST /organize-course/deliver` (learning §7): `data.delivered` items with their type and recipient. */
export interface DeliverCoursesResponse {
  data: {
    delivered: { type: 'email' | 'ticket'; to: string; name: string | null }[];
    certificates: number;
  };
  message: string;
}

/** Limits of organizing (no figure in the spec: one delivery stays one request). */
export const ORGANIZE_LIMITS = { maxStudents: 500, nameMax: 200 } as const;
