import { z } from 'zod';
import { formField } from '../common/form-schema.js';
import type { PdfDocumentDto } from '../notifications/pdf-documents.js';
import { defineRpc } from '../rpc/rpc-definition.js';

/*
 * Certificates (issue 15): a passed exam issues one certificate per enrolment, with a public
 * number printed on the PDF and in the QR code of its verification page. Anyone may verify a
 * number (valid or revoked, the learner's name and the course); only the learner and the
 * administrators download the PDF; only administrators revoke (`certificates.revoke`).
 */

/** The prefix of every certificate number: AeroMaint Academy. */
export const CERTIFICATE_PREFIX = 'AMA';

/**
 * The letters of a certificate number's random part: digits and capitals without 0, 1, I and O
 * (read aloud or typed from paper, they are confused with each other). 32 signs: 5 bits each.
 */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `AMA-2026-7KQ3-M9TX`: the prefix, the year of issue and two groups of four random signs (40 bits). */
export const CERTIFICATE_NUMBER_PATTERN = /^AMA-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** Whether `text` is written like a certificate number (before any look-up). */
export function isCertificateNumber(text: unknown): text is string {
  return typeof text === 'string' && CERTIFICATE_NUMBER_PATTERN.test(text);
}

/** A number as typed by a person: trimmed and in capitals. */
export function normalizeCertificateNumber(text: string): string {
  return text.trim().toUpperCase();
}

/** `/certificates/verify/{number}`: the public verification page (the QR code opens it). */
export function certificateVerifyPath(number: string): string {
  return `/certificates/verify/${encodeURIComponent(number)}`;
}

/** The verification page's address on the site, as printed and encoded in the QR code. */
export function certificateVerifyUrl(publicBaseUrl: string, number: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${certificateVerifyPath(number)}`;
}

/** `/api/certificates/{number}/pdf`: the download of the PDF (the learner, an administrator). */
export function certificatePdfPath(number: string): string {
  return `/api/certificates/${encodeURIComponent(number)}/pdf`;
}

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The longest revocation reason kept. */
export const CERTIFICATE_REASON_MAX = 500;

export const CertificateErrorCode = {
  Validation: 'validation_failed',
  NotFound: 'certificate.not_found',
  Revoked: 'certificate.revoked',
  AlreadyRevoked: 'certificate.already_revoked',
  Forbidden: 'certificate.forbidden',
} as const;
export type CertificateErrorCode = (typeof CertificateErrorCode)[keyof typeof CertificateErrorCode];

export const CertificateMessages = {
  notFound: 'Certificate not found.',
  revoked: 'This certificate was revoked.',
  alreadyRevoked: 'This certificate is already revoked.',
  reasonRequired: 'The reason is required.',
  reasonTooLong: `The reason may be at most ${CERTIFICATE_REASON_MAX} characters.`,
  forbidden: 'You are not allowed to do this.',
  revokedFlash: 'The certificate was revoked.',
  /** Printed on every certificate (shop §8 "Certificate notice"). */
  notice: 'This certificate is NOT an EASA Form 149a (Certificate of Recognition).',
} as const;

const isoDateTime = () => z.string().meta({ format: 'date-time', example: '2026-11-29T07:00:00.000Z' });
const numberField = () => z.string().meta({ example: 'AMA-2026-7KQ3-M9TX' });

/**
 * `GET /api/certificates/verify/{number}` (public): whether the certificate is valid, and whose
 * and of which course it is. No other personal data (no e-mail, birth date, result).
 */
export const certificateVerificationSchema = z.object({
  number: numberField(),
  status: z.enum(CERTIFICATE_STATUSES),
  learner_name: z.string(),
  course_name: z.string(),
  issued_at: isoDateTime(),
  /** When an administrator revoked it; null while valid. */
  revoked_at: isoDateTime().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerificationAnswerSchema = z.object({ data: certificateVerificationSchema });
export type CertificateVerificationAnswer = z.infer<typeof certificateVerificationAnswerSchema>;

/** A certificate as its learner and the administrators read it (what the PDF prints). */
export const certificateSchema = z.object({
  number: numberField(),
  status: z.enum(CERTIFICATE_STATUSES),
  user_id: z.string(),
  learner_name: z.string(),
  enrolment_id: z.string().meta({ format: 'uuid' }),
  course_id: z.number().int(),
  course_name: z.string(),
  exam_id: z.number().int(),
  attempt_id: z.string().meta({ format: 'uuid' }),
  result_percents: z.number().int().min(0).max(100),
  issued_at: isoDateTime(),
  revoked_at: isoDateTime().nullable(),
  revoke_reason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateAnswerSchema = z.object({ data: certificateSchema });
export type CertificateAnswer = z.infer<typeof certificateAnswerSchema>;

/** `POST /api/certificates/{number}/revoke`: why (kept with the certificate, never shown publicly). */
export const certificateRevokeBodySchema = z.object({
  reason: formField<string, string>(
    [
      { message: CertificateMessages.reasonRequired, breaks: (value) => typeof value !== 'string' || value.trim() === '' },
      { message: CertificateMessages.reasonTooLong, breaks: (value) => typeof value === 'string' && value.trim().length > CERTIFICATE_REASON_MAX },
    ],
    (value) => (value as string).trim(),
    { type: 'string', required: true, maxLength: CERTIFICATE_REASON_MAX, description: 'Why the certificate is revoked' },
  ),
});
export type CertificateRevokeBody = z.input<typeof certificateRevokeBodySchema>;

export interface CertificateNumberRequest {
  /** Checked by the service (`isCertificateNumber`); anything else is not found. */
  number: string;
}

export interface RevokeCertificateRequest extends CertificateNumberRequest {
  /** Checked by the service with `certificateRevokeBodySchema`. */
  reason?: unknown;
}

/** RPCs of the exams service about certificates. */
export const CertificatesRpc = {
  /** Public: the verification page's facts, 404 'Certificate not found.' for an unknown number. */
  Verify: defineRpc<CertificateNumberRequest, CertificateVerificationAnswer>('exams.certificates.verify'),
  /** The certificate, for its learner or an administrator (anyone else: not found). */
  Get: defineRpc<CertificateNumberRequest, CertificateAnswer>('exams.certificates.get'),
  /** Administrators: revokes it with a reason (once; 409 when already revoked). Publishes nothing. */
  Revoke: defineRpc<RevokeCertificateRequest, CertificateAnswer & { message: string }>('exams.certificates.revoke'),
} as const;

/** `CertificateDocumentRpc.Pdf`: the certificate as exams answered it to the caller. */
export const certificatePdfRequestSchema = z.object({
  number: z.string().regex(CERTIFICATE_NUMBER_PATTERN),
  userId: z.string().min(1),
  learnerName: z.string(),
  courseName: z.string(),
  resultPercents: z.number().int().min(0).max(100),
  issuedAt: z.string(),
});
export type CertificatePdfRequest = z.infer<typeof certificatePdfRequestSchema>;

export type CertificatePdfDto = PdfDocumentDto;

/** RPCs of notifications about certificates: the PDF (with the learner's personal information for certificates). */
export const CertificateDocumentRpc = {
  Pdf: defineRpc<CertificatePdfRequest, CertificatePdfDto>('notifications.certificates.pdf'),
} as const;
