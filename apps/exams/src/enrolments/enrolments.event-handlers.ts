import { CourseEnrolledEvent, ShareRecalledEvent } from '@aero/contracts';
import { requireContext } from '@aero/backend-observability';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EnrolmentsService } from './enrolments.service.js';

/** The durable consumers of the enrolments. */
export const ENROLMENT_CONSUMERS = {
  enrolled: 'exams.course-enrolled',
  recalled: 'exams.share-recalled',
} as const;

/**
 * `course.enrolled` (a learner's own purchase, or an accepted share) opens the course;
 * `share.recalled` of an accepted share takes it back. Each runs in the inbox transaction, so a
 * redelivered event has its effect once; enrolments stand alone, so several are handled at once.
 */
@Injectable()
export class EnrolmentsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly enrolments: EnrolmentsService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: ENROLMENT_CONSUMERS.enrolled,
      event: CourseEnrolledEvent,
      concurrency: 4,
      handle: ({ data }, manager) => this.enrolments.enrol({ ...requireContext(), tx: manager }, data),
    });
    this.consumers.register({
      consumer: ENROLMENT_CONSUMERS.recalled,
      event: ShareRecalledEvent,
      concurrency: 4,
      handle: ({ data }, manager) => this.enrolments.withdraw({ ...requireContext(), tx: manager }, data),
    });
  }
}
