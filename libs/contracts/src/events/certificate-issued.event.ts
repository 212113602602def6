import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const certificateIssuedSchema = z.object({
  /** The public number printed on the certificate and in its verification URL. */
  number: z.string(),
  userId: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  enrolmentId: z.string().uuid(),
  attemptId: z.string().uuid(),
  resultPercents: z.number().int().min(0).max(100),
  issuedAt: z.string(),
});
export type CertificateIssued = z.infer<typeof certificateIssuedSchema>;

/** Published by exams when a passed exam issues a certificate; notifications renders and e-mails it. */
export const CertificateIssuedEvent = examsEvent('certificate.issued', 1, certificateIssuedSchema);
