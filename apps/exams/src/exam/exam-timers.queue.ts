import { declareQueue, jobIdFor, JobQueue, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

/**
 * The deadline of an attempt (queue `exam-deadline`, payload `{ attemptId }`): completes the
 * attempt at its deadline when the learner did not. The job fires on time, so its tries come
 * quickly (a database hiccup must not leave the attempt open for long); finished jobs are kept
 * a day, so the same attempt is not scheduled twice meanwhile.
 */
export const examDeadlineQueue = declareQueue(QueueName.ExamDeadline, {
  attempts: 8,
  backoff: { type: 'exponential', delayMs: 250 },
  keepCompleted: { age: 24 * 3600, count: 50_000 },
  concurrency: 32,
});

/**
 * The end of the grace period after a failed attempt (queue `exam-grace-period`, payload
 * `{ examId, userId }`): the next attempt is available, and the learner is e-mailed once.
 */
export const examGracePeriodQueue = declareQueue(QueueName.ExamGracePeriod, { concurrency: 8 });

/** Job id of an attempt's deadline: the attempt id (a uuid, a valid BullMQ id). */
export function deadlineJobId(attemptId: string): string {
  return attemptId;
}

/** Job id of the retry after a failed attempt: one per attempt. */
export function graceJobId(attemptId: string): string {
  return jobIdFor(`exam-grace:${attemptId}`);
}

/** The producer side of the exam timers; job ids are deterministic, so scheduling twice is harmless. */
@Injectable()
export class ExamTimersQueue implements OnApplicationShutdown {
  private readonly deadlines: JobQueue<QueueName.ExamDeadline>;
  private readonly graces: JobQueue<QueueName.ExamGracePeriod>;

  constructor(infra: ServiceInfra) {
    this.deadlines = new JobQueue(examDeadlineQueue, infra);
    this.graces = new JobQueue(examGracePeriodQueue, infra);
  }

  /** Completes the attempt at `deadline` (at once when it passed). */
  async scheduleDeadline(attemptId: string, deadline: Date): Promise<void> {
    await this.deadlines.add('complete', { attemptId }, { jobId: deadlineJobId(attemptId), delay: Math.max(0, deadline.getTime() - Date.now()) });
  }

  /** Makes the next attempt available at `at` and e-mails the learner. */
  async scheduleRetry(attemptId: string, examId: number, userId: string, at: Date): Promise<void> {
    await this.graces.add('retry', { examId: String(examId), userId }, { jobId: graceJobId(attemptId), delay: Math.max(0, at.getTime() - Date.now()) });
  }

  /** After every module's destroy hook: the workers' last jobs may still schedule here. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.deadlines.close(), this.graces.close()]);
  }
}
