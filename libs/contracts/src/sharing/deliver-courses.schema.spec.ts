import { describe, expect, it } from '@jest/globals';
import { SharingMessages } from './sharing-messages.js';
import { COURSE_INVALID, deliverCoursesRequestSchema } from './sharing.schema.js';
import { fieldErrorsOf } from '../common/form-schema.js';

const row = (overrides: Record<string, unknown> = {}) => ({ name: 'Lina Vaitkė', email: 'lina@example.com', share_by_ticket: 0, hard_copy_certificate: false, ...overrides });
const delivery = (students: unknown, programId: unknown = 2001) => deliverCoursesRequestSchema.safeParse({ program_id: programId, students });
const problems = (students: unknown, programId?: unknown) => {
  const result = delivery(students, programId);
  return result.success ? null : fieldErrorsOf(result.error);
};

describe('the students of an organized course (learning §3, §5, §8)', () => {
  it('takes rows with e-mail or ticket delivery; a student without e-mail goes by ticket', () => {
    expect(delivery([row({ email: ' Lina@Example.com ' }), row({ name: ' Jonas ', email: '', share_by_ticket: 1, hard_copy_certificate: true })]).data).toEqual({
      program_id: 2001,
      students: [
        { name: 'Lina Vaitkė', email: 'lina@example.com', byTicket: false, hardCopy: false },
        { name: 'Jonas', email: null, byTicket: true, hardCopy: true },
      ],
      send_tickets_by_email: false,
    });
  });

  it('an empty, oversized or malformed list is "The students list is incorrect."', () => {
    const malformed = [[], 'x', null, undefined, [null], [[]], [row({ name: '' })], [row({ name: 'x'.repeat(201) })], [row({ share_by_ticket: 'maybe' })], [row({ email: 5 })], [row(), row({ email: 'LINA@example.com' })], Array.from({ length: 501 }, () => row())];
    for (const students of malformed) {
      expect(problems(students)).toEqual({ students: [SharingMessages.studentsIncorrect] });
    }
  });

  it('an address that cannot be shared to, or a student to be reached by e-mail without one, is said under the row', () => {
    expect(problems([row(), row({ email: 'not an address' })])).toEqual({ 'students.1.email': [SharingMessages.invalidEmail] });
    expect(problems([row(), row({ email: ' ', share_by_ticket: 0 })])).toEqual({ 'students.1.email': [SharingMessages.studentEmailMissing] });
  });

  it('says the first problem only, row by row; a course that is none before any student', () => {
    expect(problems([row({ email: null, share_by_ticket: false }), row({ name: '' })])).toEqual({ 'students.0.email': [SharingMessages.studentEmailMissing] });
    expect(problems([], 'x')).toEqual({ program_id: [COURSE_INVALID] });
  });
});
