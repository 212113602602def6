import type { EventDefinition, EventEnvelope } from '@aero/contracts';
import { startService, type RunningService } from '@aero/backend-runtime';
import { consumerSettled, createTestEnvironment, publishEnvelope, StubProducer, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { EmailSendQueue } from '../../src/emails/email-send.queue.js';
import { createNotificationsService } from '../../src/notifications.service-definition.js';
import { SmtpCatcher } from './smtp-catcher.js';

/** notifications running in-process for one test file, and the SMTP server it sends to. */
export interface NotificationsUnderTest {
  env: TestEnvironment;
  smtp: SmtpCatcher;
  service: RunningService;
}

/**
 * Starts notifications on the test file's own slice of Postgres, NATS and Redis, e-mailing a
 * local SMTP catcher; `extraEnv` adds to or overrides its configuration.
 */
export async function startNotifications(extraEnv: Record<string, string> = {}): Promise<NotificationsUnderTest> {
  const env = await createTestEnvironment();
  const smtp = new SmtpCatcher();
  try {
    await smtp.start();
    const serviceEnv = env.env({ NOTIFICATIONS_HTTP_PORT: '0', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...extraEnv });
    const service = await startService(createNotificationsService(serviceEnv), serviceEnv);
    return { env, smtp, service };
  } catch (error) {
    await stopNotifications({ smtp, env });
    throw error;
  }
}

/** Stops what `startNotifications` started (any part may be missing when a start failed). */
export async function stopNotifications({ service, smtp, env }: Partial<NotificationsUnderTest>): Promise<void> {
  await service?.close();
  await smtp?.stop();
  await env?.destroy();
}

/** notifications with payments' side stood in for: what a test emits goes through a payments outbox and relay. */
export interface NotificationsWithPayments extends NotificationsUnderTest {
  payments: StubProducer;
}

/** Starts notifications as `startNotifications` does, and a payments stand-in writing its outbox in `paymentsSchema`. */
export async function startNotificationsWithPayments(paymentsSchema: string, extraEnv: Record<string, string> = {}): Promise<NotificationsWithPayments> {
  const running = await startNotifications(extraEnv);
  try {
    const payments = await StubProducer.start(running.env, running.service.infra.nats, paymentsSchema, 'payments');
    return { ...running, payments };
  } catch (error) {
    await stopNotifications(running);
    throw error;
  }
}

/** Stops what `startNotificationsWithPayments` started: notifications first, so that it reads no more events. */
export async function stopNotificationsWithPayments({ service, payments, smtp, env }: Partial<NotificationsWithPayments>): Promise<void> {
  await service?.close();
  await payments?.close();
  await stopNotifications({ smtp, env });
}

/** Resolves once the e-mail queue has no job waiting, running or delayed. */
export async function emailQueueIdle(service: RunningService): Promise<void> {
  const queue = service.app.get(EmailSendQueue, { strict: false }).queue;
  await waitFor(async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0), {
    what: 'the e-mail queue to be idle',
  });
}

/**
 * Publishes `envelope` as its producer would, then once more under another message id (as after
 * a republish beyond the duplicate window), and resolves once `consumer` has taken both.
 */
export async function publishTwice<T>(running: Pick<NotificationsUnderTest, 'service' | 'env'>, event: EventDefinition<T>, envelope: EventEnvelope<T>, consumer: string): Promise<void> {
  await publishEnvelope(running.service.infra.nats, running.env.natsPrefix, event, envelope);
  await publishAgain(running, event, envelope, consumer);
}

/**
 * Publishes an `envelope` already published once again under another message id (as after a
 * republish beyond the duplicate window), and resolves once `consumer` has taken it.
 */
export async function publishAgain<T>({ service, env }: Pick<NotificationsUnderTest, 'service' | 'env'>, event: EventDefinition<T>, envelope: EventEnvelope<T>, consumer: string): Promise<void> {
  const seq = await publishEnvelope(service.infra.nats, env.natsPrefix, event, envelope, `${envelope.id}:again`);
  await consumerSettled(service.infra.nats, env.natsPrefix, consumer, seq);
}
