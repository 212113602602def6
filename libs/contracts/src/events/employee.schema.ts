import { z } from 'zod';

/**
 * An employee as the employee events carry it: everything a consumer (seats, learning) needs
 * without asking accounts-invitations back.
 */
export const employeeSnapshotSchema = z.object({
  employeeId: z.string().uuid(),
  companyId: z.string().uuid(),
  /** The account the person signs in with, once they joined from an invitation. */
  userId: z.string().uuid().nullable(),
  name: z.string().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  surname: z.string().nullable(),
  /** Null for a person without an e-mail (delivery by ticket). */
  email: z.string().email().nullable(),
  birthDate: z.string().nullable(),
  country: z.string().nullable(),
  department: z.string().nullable(),
  division: z.string().nullable(),
  position: z.string().nullable(),
});
export type EmployeeSnapshot = z.infer<typeof employeeSnapshotSchema>;
