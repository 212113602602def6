import { declareQueue, jobIdFor, JobQueue, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

export type EmployeeImportJob = JobPayloads[QueueName.EmployeeImport];

/**
 * Queue `employee-import`: one job per step of an import (`validate`, then `import`). A step that
 * fails is tried again (it picks up where it stopped: the rows record what was done); one import
 * runs at a time per worker, since a step is long and its rows are written in batches.
 */
export const employeeImportQueue = declareQueue(QueueName.EmployeeImport, {
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 2000 },
  concurrency: 1,
  // A 20,000-row step runs for tens of seconds: its lock is renewed meanwhile.
  locks: { lockDuration: 60_000, stalledInterval: 30_000 },
});

/** The job id of an import's step: adding it again while it exists adds nothing. */
export function employeeImportJobId(job: EmployeeImportJob): string {
  return jobIdFor(`employee-import:${job.importId}:${job.step}`);
}

/** The producer side of the import queue. */
@Injectable()
export class EmployeeImportQueue implements OnApplicationShutdown {
  private readonly jobs: JobQueue<QueueName.EmployeeImport>;

  constructor(infra: ServiceInfra) {
    this.jobs = new JobQueue(employeeImportQueue, infra);
  }

  async enqueue(job: EmployeeImportJob): Promise<void> {
    await this.jobs.add(job.step, job, { jobId: employeeImportJobId(job) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
