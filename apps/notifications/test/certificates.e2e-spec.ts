import { AccountsRpc, CERTIFICATE_ALPHABET, CertificateDocumentRpc, CertificateIssuedEvent, ProfileRpc, type CertificateIssued } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import type { RunningService } from '@aero/backend-runtime';
import { actingAs, envelopeOf, spawnPlatformApp, studentForm, waitFor, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { CERTIFICATE_EMAIL_CONSUMER } from '../src/certificates/certificates.event-handlers.js';
import { certificateEmailKey } from '../src/certificates/certificate-email.template.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { pdfTextContent } from './support/pdf-text.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { emailQueueIdle, publishTwice, startNotifications, stopNotifications } from './support/notifications-under-test.js';

const PUBLIC_BASE_URL = 'https://academy.example';

describe('notifications: certificates (issue 15)', () => {
  jest.setTimeout(120_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let accounts: SpawnedProcess | undefined;
  let rpc: RpcClient;

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({ EMAIL_RETRY_DELAY_MS: '100', PUBLIC_BASE_URL }));
    accounts = await spawnPlatformApp('accounts-invitations', env, { timeoutMs: 60_000 });
    rpc = new RpcClient(service.infra.nats, { prefix: env.natsPrefix, timeoutMs: 15_000 });
  });

  afterAll(async () => {
    await accounts?.stop();
    await stopNotifications({ service, smtp, env });
  });

  /** A new learner who filled in their personal information for certificates. */
  async function learner(): Promise<{ userId: string; email: string }> {
    const { data } = await rpc.call(AccountsRpc.Register, studentForm({ first_name: 'Lena', last_name: 'Berg' }));
    await actingAs({ userId: data.id, roles: ['student'] }, () =>
      rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1990-03-12', gender: 'female', birth_place: 'Riga' }),
    );
    return { userId: data.id, email: data.email };
  }

  const group = () => Array.from({ length: 4 }, () => CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)]).join('');

  function issued(userId: string): CertificateIssued {
    return {
      number: `AMA-2026-${group()}-${group()}`,
      userId,
      programId: 1007,
      courseName: 'Part-66 Module 7: Maintenance Practices',
      enrolmentId: randomUUID(),
      attemptId: randomUUID(),
      resultPercents: 85,
      issuedAt: '2026-11-29T07:00:00.000Z',
    };
  }

  it('e-mails the learner their certificate once, with the PDF: name, birth date and place, course, number, verification URL and the notice', async () => {
    const { userId, email } = await learner();
    const data = issued(userId);
    await publishTwice({ service, env }, CertificateIssuedEvent, envelopeOf(CertificateIssuedEvent, data), CERTIFICATE_EMAIL_CONSUMER);
    await emailQueueIdle(service);
    const emails = service.app.get(EmailsService, { strict: false });
    await waitFor(async () => (await emails.find(certificateEmailKey(data.number)))?.status === 'sent', { what: 'the certificate e-mail to be sent' });

    // The learner also got the registration's verification e-mail: only the certificate's count here.
    const mails = smtp.to(email).filter((m) => m.headers.subject.startsWith('Your certificate'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.subject).toBe('Your certificate for Part-66 Module 7: Maintenance Practices - AeroMaint Academy');
    expect(mail.text).toContain(`Your certificate ${data.number} is attached`);
    expect(mail.text).toContain(`${PUBLIC_BASE_URL}/certificates/verify/${data.number}`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`certificate-${data.number}.pdf`, 'application/pdf']]);

    const text = pdfTextContent(mail.attachments[0].content);
    expect(text).toContain('Lena Berg');
    expect(text).toContain('born on 12 March 1990 in Riga');
    expect(text).toContain('Part-66 Module 7: Maintenance Practices');
    expect(text).toContain(data.number);
    expect(text).toContain(`${PUBLIC_BASE_URL}/certificates/verify/${data.number}`);
    expect(text).toContain('This certificate is NOT an EASA Form 149a (Certificate of Recognition).');
  });

  it('renders the PDF the gateway asks for, with the learner’s personal information read from accounts', async () => {
    const { userId } = await learner();
    const pdf = await rpc.call(CertificateDocumentRpc.Pdf, {
      number: 'AMA-2026-ABCD-EFGH',
      userId,
      learnerName: 'Lena Berg',
      courseName: 'Part-145 Initial Training',
      resultPercents: 90,
      issuedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(pdf).toMatchObject({ filename: 'certificate-AMA-2026-ABCD-EFGH.pdf', content_type: 'application/pdf' });
    const text = pdfTextContent(Buffer.from(pdf.base64, 'base64'));
    expect(text).toContain('born on 12 March 1990 in Riga');
    expect(text).toContain('and passed its final exam with 90 % on 28 November 2026.');
    expect(text).toContain(`${PUBLIC_BASE_URL}/certificates/verify/AMA-2026-ABCD-EFGH`);
  });
});
