import { SharingMessages } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { checkStudents } from './students.js';

const row = (overrides: Record<string, unknown> = {}) => ({ name: 'Lina Vaitkė', email: 'lina@example.com', share_by_ticket: 0, hard_copy_certificate: false, ...overrides });

describe('the students of an organized course (learning §3, §5, §8)', () => {
  it('takes rows with e-mail or ticket delivery; a student without e-mail goes by ticket', () => {
    expect(checkStudents([row(), row({ name: 'Jonas', email: '', share_by_ticket: 1, hard_copy_certificate: true })])).toEqual({
      ok: true,
      students: [
        { name: 'Lina Vaitkė', email: 'lina@example.com', byTicket: false, hardCopy: false },
        { name: 'Jonas', email: null, byTicket: true, hardCopy: true },
      ],
    });
  });

  it('an empty, oversized or malformed list is "The students list is incorrect."', () => {
    for (const students of [[], 'x', null, [row({ name: '' })], [row({ share_by_ticket: 'maybe' })], [row(), row({ email: 'LINA@example.com' })], Array.from({ length: 501 }, () => row())]) {
      expect(checkStudents(students)).toMatchObject({ ok: false, message: SharingMessages.studentsIncorrect });
    }
  });

  it('a student to be reached by e-mail without one is "A student e-mail is not filled in."', () => {
    expect(checkStudents([row(), row({ email: ' ', share_by_ticket: 0 })])).toEqual({
      ok: false,
      message: SharingMessages.studentEmailMissing,
      errors: { 'students.1.email': [SharingMessages.studentEmailMissing] },
    });
  });
});
