import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { employeeSnapshotSchema } from './employee.schema.js';

export const employeeUpdatedSchema = employeeSnapshotSchema.extend({
  /** The fields that changed (`email`, `department`, `userId` when an account was linked, ...). */
  changed: z.array(z.string()).min(1),
  /** The user who changed it; null when the change came from the person joining (invitation). */
  updatedBy: z.string().uuid().nullable(),
  updatedAt: z.string(),
});
export type EmployeeUpdated = z.infer<typeof employeeUpdatedSchema>;

/** An employee's data changed: the event carries the whole employee after the change. */
export const EmployeeUpdatedEvent = accountsEvent('employee.updated', 1, employeeUpdatedSchema);
