import {
  AccountsRpc,
  can,
  CertificateErrorCode,
  CertificateIssuedEvent,
  CertificateMessages,
  certificateRevokeBodySchema,
  isCertificateNumber,
  normalizeCertificateNumber,
  type Certificate,
  type CertificateAnswer,
  type CertificateVerificationAnswer,
  type ExamAttempt,
  type RevokeCertificateRequest,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter, RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import type { TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { parseRequest } from '../common/request.js';
import { newCertificateNumber } from './certificate-number.js';

/** A certificate row as the reads select it (CERTIFICATE_COLUMNS). */
interface CertificateRow {
  number: string;
  user_id: string;
  learner_name: string;
  enrolment_id: string;
  course_id: number;
  course_name: string;
  exam_id: number;
  attempt_id: string;
  result_percents: number;
  issued_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
}

const CERTIFICATE_COLUMNS = `number, user_id, learner_name, enrolment_id, course_id, course_name, exam_id, attempt_id, result_percents,
  issued_at, revoked_at, revoke_reason`;

/** Draws of a number before giving up (a draw meets an existing number about once in a million million). */
const NUMBER_DRAWS = 5;

export const CertificateErrors = {
  notFound: () => DomainError.notFound(CertificateMessages.notFound, CertificateErrorCode.NotFound),
  signInRequired: () => new DomainError(CertificateErrorCode.Forbidden, 'Please sign in to continue.', 401),
  forbidden: () => new DomainError(CertificateErrorCode.Forbidden, CertificateMessages.forbidden, 403),
  alreadyRevoked: () => new DomainError(CertificateErrorCode.AlreadyRevoked, CertificateMessages.alreadyRevoked, 409),
};

function toCertificate(row: CertificateRow): Certificate {
  return {
    number: row.number,
    status: row.revoked_at ? 'revoked' : 'valid',
    user_id: row.user_id,
    learner_name: row.learner_name,
    enrolment_id: row.enrolment_id,
    course_id: row.course_id,
    course_name: row.course_name,
    exam_id: row.exam_id,
    attempt_id: row.attempt_id,
    result_percents: row.result_percents,
    issued_at: new Date(row.issued_at).toISOString(),
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    revoke_reason: row.revoke_reason,
  };
}

/**
 * Certificates (issue 15): a passed exam issues one per enrolment, numbered `AMA-<year>-XXXX-XXXX`;
 * the verification page reads its status publicly, its learner and the administrators read it
 * whole (the PDF), an administrator revokes it with a reason.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Issues the certificate of a passed attempt inside the `exam.passed` inbox transaction, once
   * per enrolment (a redelivered event, or a second pass of the same enrolment, issues nothing),
   * and publishes `certificate.issued`. Issued at the attempt's finish time; the learner's name
   * is the one accounts holds now (kept with the certificate). Answers the number, or null when
   * the enrolment already had its certificate or is unknown.
   */
  async issue(ctx: TxContext, attempt: ExamAttempt): Promise<string | null> {
    const tx = ctx.tx;
    // One issuer per enrolment at a time: the second waits, then finds the first one's row.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('exams.certificate:' || $1, 0))`, [attempt.enrolmentId]);
    const [existing] = await tx.query<{ number: string }[]>('SELECT number FROM exams.certificates WHERE enrolment_id = $1', [attempt.enrolmentId]);
    if (existing) return null;
    const [enrolment] = await tx.query<{ email: string; course_id: number; course_name: string }[]>(
      `SELECT e.email, e.course_id, COALESCE(c.name, e.course_name) AS course_name
         FROM exams.enrolments e LEFT JOIN exams.courses c ON c.id = e.course_id WHERE e.id = $1 AND e.user_id = $2`,
      [attempt.enrolmentId, attempt.userId],
    );
    if (!enrolment) return null;
    const learnerName = await this.learnerName(attempt.userId, enrolment.email);
    const issuedAt = new Date(attempt.finishedAt);
    const number = await this.insert(tx, attempt, enrolment, learnerName, issuedAt);
    await this.outbox.add(tx, CertificateIssuedEvent, {
      number,
      userId: attempt.userId,
      programId: enrolment.course_id,
      courseName: enrolment.course_name,
      enrolmentId: attempt.enrolmentId,
      attemptId: attempt.attemptId,
      resultPercents: attempt.resultPercents,
      issuedAt: issuedAt.toISOString(),
    });
    await recordIssueInAudit(tx, attempt, enrolment.course_id, number);
    return number;
  }

  /** Public: the verification page's facts only (status, name, course, dates). */
  async verify(request: { number?: unknown }): Promise<CertificateVerificationAnswer> {
    const row = await this.find(request?.number);
    if (!row) throw CertificateErrors.notFound();
    const certificate = toCertificate(row);
    return {
      data: {
        number: certificate.number,
        status: certificate.status,
        learner_name: certificate.learner_name,
        course_name: certificate.course_name,
        issued_at: certificate.issued_at,
        revoked_at: certificate.revoked_at,
      },
    };
  }

  /** The certificate for its learner or an administrator; for anyone else it is not found. */
  async get(ctx: RequestContext, request: { number?: unknown }): Promise<CertificateAnswer> {
    if (!ctx.actor) throw CertificateErrors.signInRequired();
    const row = await this.find(request?.number);
    if (!row) throw CertificateErrors.notFound();
    const own = row.user_id === ctx.actor.userId;
    if (!own && !can(ctx, 'users.view_all')) throw CertificateErrors.notFound();
    return { data: toCertificate(row) };
  }

  /** An administrator revokes a valid certificate, with a reason; a second revocation is a 409. */
  async revoke(ctx: RequestContext, request: RevokeCertificateRequest): Promise<CertificateAnswer & { message: string }> {
    if (!ctx.actor) throw CertificateErrors.signInRequired();
    if (!can(ctx, 'certificates.revoke')) throw CertificateErrors.forbidden();
    const { reason } = parseRequest(certificateRevokeBodySchema, { reason: request?.reason });
    const number = typeof request?.number === 'string' ? normalizeCertificateNumber(request.number) : '';
    if (!isCertificateNumber(number)) throw CertificateErrors.notFound();
    // An UPDATE answers [rows, count].
    const [[revoked]] = await this.dataSource.query<[CertificateRow[], number]>(
      `UPDATE exams.certificates SET revoked_at = now(), revoked_by = $2, revoke_reason = $3
        WHERE number = $1 AND revoked_at IS NULL RETURNING ${CERTIFICATE_COLUMNS}`,
      [number, ctx.actor.userId, reason],
    );
    if (!revoked) {
      if (await this.find(number)) throw CertificateErrors.alreadyRevoked();
      throw CertificateErrors.notFound();
    }
    return { message: CertificateMessages.revokedFlash, data: toCertificate(revoked) };
  }

  private async find(value: unknown): Promise<CertificateRow | null> {
    if (typeof value !== 'string') return null;
    const number = normalizeCertificateNumber(value);
    if (!isCertificateNumber(number)) return null;
    const [row] = await this.dataSource.query<CertificateRow[]>(`SELECT ${CERTIFICATE_COLUMNS} FROM exams.certificates WHERE number = $1`, [number]);
    return row ?? null;
  }

  /** The learner's full name from accounts, else their e-mail (an account without a name). */
  private async learnerName(userId: string, email: string): Promise<string> {
    const { data: user } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    return user?.name.trim() || user?.email || email;
  }

  private async insert(
    tx: EntityManager,
    attempt: ExamAttempt,
    enrolment: { course_id: number; course_name: string },
    learnerName: string,
    issuedAt: Date,
  ): Promise<string> {
    for (let draw = 1; ; draw++) {
      const number = newCertificateNumber(issuedAt);
      const [inserted] = await tx.query<{ number: string }[]>(
        `INSERT INTO exams.certificates (number, enrolment_id, user_id, learner_name, course_id, course_name, exam_id, attempt_id, result_percents, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (number) DO NOTHING RETURNING number`,
        [number, attempt.enrolmentId, attempt.userId, learnerName, enrolment.course_id, enrolment.course_name, attempt.examId, attempt.attemptId, attempt.resultPercents, issuedAt],
      );
      if (inserted) return inserted.number;
      if (draw >= NUMBER_DRAWS) throw new Error('no free certificate number found');
    }
  }
}

/**
 * The exam audit trail's 'certificate_issued' line (time, actor `system`), when the trail's
 * table is there (the exam attempts' migration creates it).
 */
async function recordIssueInAudit(tx: EntityManager, attempt: ExamAttempt, courseId: number, number: string): Promise<void> {
  const [{ present }] = await tx.query<{ present: boolean }[]>(`SELECT to_regclass('exams.exam_audit') IS NOT NULL AS present`);
  if (!present) return;
  await tx.query(
    `INSERT INTO exams.exam_audit (action, actor, user_id, course_id, exam_id, attempt_id, attempt_no, detail)
     VALUES ('certificate_issued', 'system', $1, $2, $3, $4, $5, $6)`,
    [attempt.userId, courseId, attempt.examId, attempt.attemptId, attempt.attemptNo, `certificate ${number}, result ${attempt.resultPercents} %`],
  );
}
