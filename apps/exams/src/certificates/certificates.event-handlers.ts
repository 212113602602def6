import { ExamPassedEvent } from '@aero/contracts';
import { requireContext } from '@aero/backend-observability';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CertificatesService } from './certificates.service.js';

/** The durable consumer that issues certificates. */
export const CERTIFICATE_CONSUMERS = {
  examPassed: 'exams.certificate-exam-passed',
} as const;

/**
 * `exam.passed` issues the enrolment's certificate, in the inbox transaction: a redelivered event
 * has its effect once, and the enrolment's unique key keeps it to one certificate whatever event
 * comes. Enrolments stand alone, so several are handled at once.
 */
@Injectable()
export class CertificatesHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly certificates: CertificatesService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: CERTIFICATE_CONSUMERS.examPassed,
      event: ExamPassedEvent,
      concurrency: 4,
      handle: async ({ data }, manager) => {
        await this.certificates.issue({ ...requireContext(), tx: manager }, data);
      },
    });
  }
}
