import { JobWorker, QueueName } from '@aero/backend-jobs';
import { runWithContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { employeeImportQueue, type EmployeeImportJob } from './employee-import.queue.js';
import { EmployeeImportsService } from './employee-imports.service.js';

/** The consumer side of the import queue: runs a step; the import's row says what is left to do. */
@Injectable()
export class EmployeeImportWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: JobWorker<QueueName.EmployeeImport>;

  constructor(
    private readonly imports: EmployeeImportsService,
    private readonly infra: ServiceInfra,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new JobWorker(employeeImportQueue, (job) => this.process(job), this.infra);
  }

  async process(job: Job<EmployeeImportJob>): Promise<void> {
    await runWithContext({ correlationId: randomUUID(), causationId: job.id }, async () => {
      const started = Date.now();
      if (job.data.step === 'validate') await this.imports.validate(job.data.importId);
      else await this.imports.importRows(job.data.importId);
      this.infra.logger.info({ importId: job.data.importId, step: job.data.step, ms: Date.now() - started }, 'employee import step done');
    });
  }

  /** Lets a running step finish its batch. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
