import { z } from 'zod';
import { accountsEvent } from './event-producers.js';

export const employeeRemovedSchema = z.object({
  employeeId: z.string().uuid(),
  companyId: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  name: z.string(),
  email: z.string().email().nullable(),
  /** The groups the employee was in (they are no longer). */
  groupIds: z.array(z.string().uuid()),
  removedBy: z.string().uuid().nullable(),
  removedAt: z.string(),
});
export type EmployeeRemoved = z.infer<typeof employeeRemovedSchema>;

/** A company removed an employee (and their group memberships). */
export const EmployeeRemovedEvent = accountsEvent('employee.removed', 1, employeeRemovedSchema);
