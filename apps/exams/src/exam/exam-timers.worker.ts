import { declareSweep, JobWorker, QueueName, SweepsProvider } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { examDeadlineQueue, examGracePeriodQueue, ExamTimersQueue } from './exam-timers.queue.js';
import { ExamService } from './exam.service.js';

/** How often the exam timers are checked for a lost job. */
export const EXAM_SWEEP_EVERY_MS = 15_000;

/** How late a timer may be before the sweep takes its job for lost (the job itself takes milliseconds). */
export const EXAM_SWEEP_GRACE_SECONDS = 10;

/**
 * Runs the exam timers: `exam-deadline` completes an attempt at its deadline (the deadline as its
 * finish time; nothing when the learner completed it first), `exam-grace-period` makes the next
 * attempt known once the grace period ended. The sweeps add again the job of a timer that is due
 * and not done (a job lost with Redis, a producer that died before its `add`).
 */
@Injectable()
export class ExamTimersWorker extends SweepsProvider<'exam-deadline' | 'exam-grace-period'> implements OnModuleInit {
  private deadlines?: JobWorker<QueueName.ExamDeadline>;
  private graces?: JobWorker<QueueName.ExamGracePeriod>;

  constructor(
    private readonly infra: ServiceInfra,
    private readonly exams: ExamService,
    dataSource: DataSource,
    timers: ExamTimersQueue,
  ) {
    super(infra, [
      declareSweep<{ id: string; deadline: Date }>({
        name: 'exam-deadline',
        everyMs: EXAM_SWEEP_EVERY_MS,
        find: (limit) =>
          dataSource.query(
            `SELECT id, deadline FROM exams.exam_attempts WHERE status = 'in_progress' AND deadline < now() - make_interval(secs => $1) ORDER BY deadline LIMIT $2`,
            [EXAM_SWEEP_GRACE_SECONDS, limit],
          ),
        enqueue: (row) => timers.scheduleDeadline(row.id, new Date(row.deadline)),
        keyOf: (row) => row.id,
      }),
      declareSweep<{ id: string; exam_id: number; user_id: string; next_attempt_at: Date }>({
        name: 'exam-grace-period',
        everyMs: EXAM_SWEEP_EVERY_MS,
        find: (limit) =>
          dataSource.query(
            `SELECT id, exam_id, user_id, next_attempt_at FROM exams.exam_attempts
              WHERE next_attempt_at IS NOT NULL AND retry_notified_at IS NULL AND next_attempt_at < now() - make_interval(secs => $1)
              ORDER BY next_attempt_at LIMIT $2`,
            [EXAM_SWEEP_GRACE_SECONDS, limit],
          ),
        enqueue: (row) => timers.scheduleRetry(row.id, row.exam_id, row.user_id, new Date(row.next_attempt_at)),
        keyOf: (row) => row.id,
      }),
    ]);
  }

  onModuleInit(): void {
    this.deadlines = new JobWorker(examDeadlineQueue, (job) => this.exams.finish(job.data.attemptId, 'deadline', null, 'deadline-job'), this.infra);
    this.graces = new JobWorker(
      examGracePeriodQueue,
      async (job) => {
        const examId = Number(job.data.examId);
        if (!Number.isInteger(examId)) return false;
        return this.exams.retryAvailable(examId, job.data.userId);
      },
      this.infra,
    );
  }

  /** Stops the sweeps, then waits for the jobs running to finish (the queue closes after). */
  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    await Promise.all([this.deadlines?.close(), this.graces?.close()]);
  }
}
