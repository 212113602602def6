import { AccountsRpc, CourseEnrolledEvent, DEMO_ACCOUNTS, type Actor, type CourseEnrolled, type EventEnvelope } from '@aero/contracts';
import type { RpcClient } from '@aero/backend-messaging';
import { actingAs, ServiceKit, startServiceParts, studentForm } from '@aero/backend-testing';
import { randomUUID } from 'node:crypto';
import { examsService } from '../../src/exams.service-definition.js';

export { rejection } from '@aero/backend-testing';

/** Demo catalogue courses (program ids) with their seeded syllabi. */
export const COURSES = {
  module7: { id: 1007, name: 'Part-66 Module 7: Maintenance Practices' },
  part145: { id: 2001, name: 'Part-145 Initial Training' },
  ewis: { id: 2301, name: 'EWIS: Electrical Wiring Interconnection System' },
} as const;

/** A user of accounts-invitations as this test acts for them. */
export interface TestLearner extends Actor {
  email: string;
}

/** The demo instructor (accounts-invitations' seed). */
export const INSTRUCTOR: Actor = { userId: DEMO_ACCOUNTS.instructor.id, companyId: null, roles: ['instructor'], status: null };

/** `YYYY-MM-DD`, `days` from today (UTC). */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A test file's slice of the platform (`ServiceKit`): accounts-invitations as a real process (demo
 * accounts; the learners' names), exams in-process with its demo syllabi. The events
 * sharing-organize would publish (`course.enrolled`, `share.recalled`) are published on the
 * file's stream as their producer would.
 */
export class ExamsKit extends ServiceKit {
  /** `settings`: variables of the exams service for this file (e.g. EXAM_GRACE_PERIOD_SECONDS_OVERRIDE). */
  static async start(settings: Record<string, string> = {}): Promise<ExamsKit> {
    return new ExamsKit(
      await startServiceParts(examsService, {
        platform: ['accounts-invitations'],
        env: { SEED_DEMO_DATA: 'true', ...settings },
        rpcTimeoutMs: 15_000,
      }),
    );
  }

  /** Runs `work` as `actor` (the gateway would have set it from the session). */
  as<T>(actor: Actor, work: (rpc: RpcClient) => Promise<T>): Promise<T> {
    return actingAs(actor, () => work(this.rpc));
  }

  /** A new student account. */
  async learner(): Promise<TestLearner> {
    const { data } = await this.rpc.call(AccountsRpc.Register, studentForm());
    return { userId: data.id, companyId: null, roles: ['student'], status: null, email: data.email.toLowerCase() };
  }

  /** The `course.enrolled` sharing-organize would publish for a purchase or an accepted share. */
  enrolment(learner: TestLearner, options: { courseId?: number; courseName?: string; source?: 'purchase' | 'share'; availableTill?: string; shareId?: string } = {}): CourseEnrolled {
    const source = options.source ?? 'purchase';
    return {
      enrolmentId: randomUUID(),
      userId: learner.userId,
      email: learner.email,
      programId: options.courseId ?? COURSES.module7.id,
      courseName: options.courseName ?? COURSES.module7.name,
      source,
      orderId: source === 'purchase' ? randomUUID() : null,
      shareId: source === 'share' ? (options.shareId ?? randomUUID()) : null,
      availableTill: options.availableTill ?? day(365),
      enrolledAt: new Date().toISOString(),
    };
  }

  /** Publishes `course.enrolled` and waits until exams has handled it. */
  async enrol(data: CourseEnrolled, eventId?: string): Promise<EventEnvelope<CourseEnrolled>> {
    const envelope = await this.publish(CourseEnrolledEvent, data, eventId);
    await this.handled('exams.course-enrolled', envelope.id);
    return envelope;
  }
}
