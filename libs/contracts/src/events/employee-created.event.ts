import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { employeeSnapshotSchema } from './employee.schema.js';

export const employeeCreatedSchema = employeeSnapshotSchema.extend({
  /** How the person was added: the employee form, an accepted invitation or an import. */
  source: z.enum(['form', 'invitation', 'import']),
  /** The user who added them; null when the person joined by themselves (invitation). */
  createdBy: z.string().uuid().nullable(),
  createdAt: z.string(),
});
export type EmployeeCreated = z.infer<typeof employeeCreatedSchema>;

/** A company has a new employee (learning §2 employee list, import, invitations). */
export const EmployeeCreatedEvent = accountsEvent('employee.created', 1, employeeCreatedSchema);
