/// <reference lib="dom" />
import { CourseEnrolledEvent, DEMO_ACCOUNTS, ExamPassedEvent, type CourseEnrolled, type EventDefinition, type ExamAttempt } from '@aero/contracts';
import { envelopeOf, publishEnvelope, TEST_INFRA } from '@aero/backend-testing';
import { afterAll, describe, expect } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { journey } from './support/journey.js';
import { caughtMails, until } from './support/mail.js';
import { queryProduct } from './support/product.js';
import { openShop, signIn } from './support/shop-steps.js';

const LEARNER = DEMO_ACCOUNTS.student;
const COURSE = { id: 1007, name: 'Part-66 Module 7: Maintenance Practices' } as const;

describe('journey: a learner who passed the exam downloads the certificate from My courses, and anyone verifies it at the address of its QR code', () => {
  const violations: CspViolation[][] = [];
  const pageErrors: Error[][] = [];
  let learner: Page;
  let visitor: Page;
  let nats: NatsConnection | undefined;
  let number = '';
  let verifyUrl = '';

  const trip = journey({ name: 'certificates', stepTimeoutMs: 120_000, failurePages: () => [learner, visitor] });
  const { url, newContext, step, screenshot } = trip;

  afterAll(async () => {
    await nats?.close();
  });

  const query = <T>(sql: string, params?: unknown[]) => queryProduct<T>(trip.product, sql, params);

  /** Publishes an event on the product's stream, as its producer's relay would. */
  async function publish<T>(event: EventDefinition<T>, data: T): Promise<void> {
    nats ??= await connect({ servers: TEST_INFRA.nats });
    await publishEnvelope(nats, trip.product.env.natsPrefix, event, envelopeOf(event, data));
  }

  async function newPage(): Promise<Page> {
    const context = await newContext({ acceptDownloads: true });
    violations.push(await watchCspViolations(context));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    pageErrors.push(watchPageErrors(page));
    await openShop(page, url(''));
    return page;
  }

  step('a signed-in learner holds Part-66 Module 7 and passes its exam: the certificate is issued', async () => {
    learner = await newPage();
    await signIn(learner, url(''), LEARNER.email);
    // The purchase's enrolment and the passed exam, as sharing-organize and the exam attempts publish them.
    const enrolment: CourseEnrolled = {
      enrolmentId: randomUUID(),
      userId: LEARNER.id,
      email: LEARNER.email,
      programId: COURSE.id,
      courseName: COURSE.name,
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: '2099-12-31',
      enrolledAt: new Date().toISOString(),
    };
    await publish(CourseEnrolledEvent, enrolment);
    await until('the enrolment', async () => (await query('SELECT 1 FROM exams.enrolments WHERE id = $1', [enrolment.enrolmentId])).length > 0);
    const passed: ExamAttempt = {
      attemptId: randomUUID(),
      examId: 1,
      enrolmentId: enrolment.enrolmentId,
      userId: LEARNER.id,
      programId: COURSE.id,
      attemptNo: 1,
      maxAttempts: 3,
      resultPercents: 90,
      passRate: 75,
      finishedAt: new Date().toISOString(),
      finishedBy: 'learner',
    };
    await publish(ExamPassedEvent, passed);
    const [row] = await until('the certificate', async () => {
      const rows = await query<{ number: string }>('SELECT number FROM exams.certificates WHERE enrolment_id = $1', [enrolment.enrolmentId]);
      return rows.length ? rows : null;
    });
    number = row.number;
    expect(number).toMatch(/^AMA-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  });

  step('My courses offers the certificate; the download is its PDF, named by its number', async () => {
    await learner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My courses' }).click();
    await learner.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    const link = learner.getByRole('link', { name: `Download certificate: ${COURSE.name}` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/api/certificates/${number}/pdf`);
    await screenshot(learner, 'my-courses');
    const [download] = await Promise.all([learner.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${number}.pdf`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  step('the certificate e-mail carries the PDF and the verification address the QR code encodes', async () => {
    const mail = await until('the certificate e-mail', async () =>
      (await caughtMails(trip.product)).find((m) => m.subject === `Your certificate for ${COURSE.name} - AeroMaint Academy` && m.to.some((to) => to.address === LEARNER.email)),
    );
    expect(mail.attachments?.map((a) => a.filename ?? a.generatedFileName)).toEqual([`certificate-${number}.pdf`]);
    verifyUrl = /(\S+\/certificates\/verify\/\S+)/.exec(mail.text)?.[1] ?? '';
    expect(verifyUrl).toBe(url(`/certificates/verify/${number}`));
  });

  step('anyone opening that address, signed out, reads that the certificate is valid, whose it is and of which course', async () => {
    visitor = await newPage();
    await visitor.goto(verifyUrl);
    await visitor.getByRole('heading', { level: 1, name: 'Certificate verification' }).waitFor();
    expect(await visitor.getByRole('status').textContent()).toBe('Valid: this certificate was issued by AeroMaint Academy and has not been revoked.');
    const facts = visitor.locator('.certificate-verify__facts');
    expect(await facts.locator('dd').allTextContents()).toEqual([number, expect.any(String), COURSE.name, expect.any(String)]);
    expect(await visitor.getByText('This certificate is NOT an EASA Form 149a (Certificate of Recognition).').isVisible()).toBe(true);
    await screenshot(visitor, 'verified');
  });

  step('a number that no certificate has shows the not-found state', async () => {
    await visitor.goto(url('/certificates/verify/AMA-2026-2222-2222'));
    await visitor.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor();
    expect(await visitor.getByText('No certificate has the number AMA-2026-2222-2222. Check the number printed on the certificate.').isVisible()).toBe(true);
  });

  step('no page broke and the browser refused nothing the pages asked for (Content-Security-Policy)', () => {
    expect(pageErrors.flat()).toEqual([]);
    expect(violations.flat()).toEqual([]);
    return Promise.resolve();
  });
});
