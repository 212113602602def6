import { isShareableEmail, normalizeEmail, ORGANIZE_LIMITS, SharingMessages } from '@aero/contracts';

/** A student as the delivery uses it. */
export interface Student {
  name: string;
  /** Lower-case; null when the student has none. */
  email: string | null;
  byTicket: boolean;
  hardCopy: boolean;
}

export type StudentsCheck = { ok: true; students: Student[] } | { ok: false; message: string; errors: Record<string, string[]> };

function flag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === undefined || value === null) return false;
  return null;
}

/**
 * The students of a delivery (learning §3 Student assignment, §5 Employees and organizing, §8
 * Organize course): a list of 1 to 500 rows, each with a name, an e-mail or none, share by ticket
 * (forced when there is no e-mail) and a hard-copy certificate flag. A malformed list or row is
 * "The students list is incorrect." (also for an address given twice); a student to be reached
 * by e-mail without one is "A student e-mail is not filled in.".
 */
export function checkStudents(value: unknown): StudentsCheck {
  const incorrect = (errors: Record<string, string[]> = { students: [SharingMessages.studentsIncorrect] }): StudentsCheck => ({
    ok: false,
    message: SharingMessages.studentsIncorrect,
    errors,
  });
  if (!Array.isArray(value) || value.length === 0 || value.length > ORGANIZE_LIMITS.maxStudents) return incorrect();
  const students: Student[] = [];
  for (const [index, row] of value.entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return incorrect();
    const { name, email, share_by_ticket: byTicket, hard_copy_certificate: hardCopy } = row as Record<string, unknown>;
    const ticket = flag(byTicket);
    const copy = flag(hardCopy);
    if (typeof name !== 'string' || name.trim() === '' || name.length > ORGANIZE_LIMITS.nameMax || ticket === null || copy === null) return incorrect();
    const address = typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
    if (email !== undefined && email !== null && typeof email !== 'string') return incorrect();
    if (address !== null && !isShareableEmail(address)) return incorrect({ [`students.${index}.email`]: [SharingMessages.invalidEmail] });
    if (!ticket && address === null) {
      return { ok: false, message: SharingMessages.studentEmailMissing, errors: { [`students.${index}.email`]: [SharingMessages.studentEmailMissing] } };
    }
    students.push({ name: name.trim(), email: address === null ? null : normalizeEmail(address), byTicket: ticket || address === null, hardCopy: copy });
  }
  const addresses = students.map((s) => s.email).filter((e): e is string => e !== null);
  if (new Set(addresses).size !== addresses.length) return incorrect();
  return { ok: true, students };
}
