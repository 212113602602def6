import { AccountsRpc, CourseEnrolledEvent, DEMO_ACCOUNTS, type Actor, type CourseEnrolled, type ErrorPayload, type EventDefinition, type EventEnvelope } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { prefixed, RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { actingAs, createTestEnvironment, spawnApp, studentForm, waitFor, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { DataSource } from 'typeorm';
import { examsService } from '../../src/exams.service-definition.js';

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
 * A test file's slice of the platform: its own database, NATS prefix and Redis prefix;
 * accounts-invitations as a real process (demo accounts; the learners' names), exams in-process
 * with its demo syllabi. The events sharing-organize would publish (`course.enrolled`,
 * `share.recalled`) are published on the file's stream as their producer would.
 */
export class ExamsKit {
  private constructor(
    readonly env: TestEnvironment,
    readonly others: SpawnedProcess[],
    readonly service: RunningService,
    readonly rpc: RpcClient,
  ) {}

  /** `settings`: variables of the exams service for this file (e.g. EXAM_GRACE_PERIOD_SECONDS_OVERRIDE). */
  static async start(settings: Record<string, string> = {}): Promise<ExamsKit> {
    const env = await createTestEnvironment();
    const others: SpawnedProcess[] = [];
    try {
      const accountsPort = await freePort();
      others.push(
        await spawnApp('accounts-invitations', env.env({ ACCOUNTS_INVITATIONS_HTTP_PORT: String(accountsPort), SEED_DEMO_DATA: 'true' }), {
          healthUrl: `http://127.0.0.1:${accountsPort}/health`,
          timeoutMs: 60_000,
        }),
      );
      const service = await startService(examsService, env.env({ EXAMS_HTTP_PORT: '0', SEED_DEMO_DATA: 'true', ...settings }));
      const rpc = new RpcClient(service.infra.nats, { prefix: env.natsPrefix, timeoutMs: 15_000 });
      return new ExamsKit(env, others, service, rpc);
    } catch (error) {
      await Promise.all(others.map((p) => p.stop()));
      await env.destroy();
      throw error;
    }
  }

  get db(): DataSource {
    return this.service.infra.dataSource;
  }

  async close(): Promise<void> {
    await this.service.close();
    await Promise.all(this.others.map((p) => p.stop()));
    await this.env.destroy();
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

  /** Publishes an event on the file's stream as its producer's relay does (`Nats-Msg-Id` = event id). */
  async publish<T>(event: EventDefinition<T>, data: T, id: string = randomUUID()): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = { id, type: event.name, version: event.version, occurredAt: new Date().toISOString(), producer: event.producer, correlationId: randomUUID(), data };
    const h = headers();
    h.set('Nats-Msg-Id', id);
    await jetstream(this.service.infra.nats).publish(prefixed(this.env.natsPrefix, event.subject), JSON.stringify(envelope), { headers: h });
    return envelope;
  }

  /** Waits until `consumer` recorded the event in its inbox. */
  async handled(consumer: string, eventId: string): Promise<void> {
    await waitFor(async () => (await this.db.query('SELECT 1 FROM exams.inbox WHERE consumer = $1 AND event_id = $2', [consumer, eventId])).length > 0, {
      what: `${consumer} handled ${eventId}`,
      timeoutMs: 20_000,
    });
  }

  /** The events of this type exams wrote to its outbox, oldest first. */
  async outbox<T = Record<string, unknown>>(type: string): Promise<T[]> {
    const rows: { payload: EventEnvelope<T> }[] = await this.db.query('SELECT payload FROM exams.outbox WHERE type = $1 ORDER BY created_at, id', [type]);
    return rows.map((r) => r.payload.data);
  }
}

/** The error payload of a refused RPC (fails the test if it was not refused). */
export async function rejection(promise: Promise<unknown>): Promise<ErrorPayload> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return (error as RemoteError).payload;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
