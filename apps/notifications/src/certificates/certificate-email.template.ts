import { certificateVerifyUrl, type CertificateIssued } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { composeEmail, formatDate, PRODUCT_NAME } from '../emails/email-html.js';

/** The kind of the certificate e-mails: their key is `certificate-issued:<number>`. */
export const CERTIFICATE_EMAIL_KIND = 'certificate-issued';

/** One e-mail per certificate, whatever the number of times its event comes. */
export function certificateEmailKey(number: string): string {
  return `${CERTIFICATE_EMAIL_KIND}:${number}`;
}

export function numberOfCertificateKey(key: string): string {
  return key.slice(CERTIFICATE_EMAIL_KIND.length + 1);
}

/** The learner's certificate, e-mailed with its PDF attached (the attachment is made when it is sent). */
export function certificateEmail(
  data: CertificateIssued,
  learner: { email: string; name: string },
  publicBaseUrl: string,
): Omit<OutgoingEmail, 'eventId'> {
  const subject = `Your certificate for ${data.courseName} - ${PRODUCT_NAME}`;
  const verifyUrl = certificateVerifyUrl(publicBaseUrl, data.number);
  return composeEmail(certificateEmailKey(data.number), learner.email, subject, learner.name, [
    `congratulations: you passed the exam of the course "${data.courseName}" on ${formatDate(data.issuedAt)} with ${data.resultPercents} %.`,
    `Your certificate ${data.number} is attached as a PDF. You can also download it from My courses at any time.`,
    'Anyone can check that it is valid on its verification page (the QR code on the certificate opens it):',
    { link: verifyUrl, label: 'Verify the certificate' },
  ]);
}
