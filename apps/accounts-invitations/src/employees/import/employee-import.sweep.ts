import { declareSweep, SweepsProvider } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { EmployeeImportQueue } from './employee-import.queue.js';
import { EmployeeImportsService } from './employee-imports.service.js';

/** How often imports are checked for a lost step. */
export const IMPORT_SWEEP_EVERY_MS = 60_000;
/** A running step writes its progress at least every batch: a minute without it means its job is gone. */
export const IMPORT_SWEEP_GRACE_SECONDS = 60;

/**
 * The catch-all of imports (see JobSweeper): an import left `validating` or `importing` by a lost
 * job gets its step again, under the same job id (a step still waiting or retrying is not doubled).
 */
@Injectable()
export class EmployeeImportSweep extends SweepsProvider<'employee-import'> {
  constructor(imports: EmployeeImportsService, queue: EmployeeImportQueue, infra: ServiceInfra) {
    super(infra, [
      declareSweep<{ id: string; status: 'validating' | 'importing' }>({
        name: 'employee-import',
        everyMs: IMPORT_SWEEP_EVERY_MS,
        find: (limit) => imports.due(limit, IMPORT_SWEEP_GRACE_SECONDS),
        enqueue: (row) => queue.enqueue({ importId: row.id, step: row.status === 'validating' ? 'validate' : 'import' }),
        keyOf: (row) => row.id,
      }),
    ]);
  }
}
