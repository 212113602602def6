import {
  EXAM_AUDIT_MAX_LINES,
  examAuditQuerySchema,
  reportScopeOf,
  ReportsRpc,
  type CompanyLearnerSharesResponse,
  type ExamAuditAction,
  type ExamAuditAnswer,
  type ExamAuditRequest,
} from '@aero/contracts';
import { RpcClient, ZodPayloadPipe } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LearningErrors } from '../common/learning.errors.js';
import { ExamErrors } from './exam.errors.js';

const readQuery = new ZodPayloadPipe(examAuditQuerySchema);

interface AuditRow {
  at: Date;
  action: ExamAuditAction;
  actor: string;
  user_id: string;
  course_id: number;
  course_name: string | null;
  exam_id: number;
  attempt_no: number | null;
  detail: string;
}

/**
 * One learner's exam audit trail (issue 15 "Audit"), for a company's training records: every
 * begin, answer, completion (the learner's or the deadline's), retry made available and
 * certificate issued, with its time and actor. Who may read it is the reports' rule
 * (`reportScopeOf`, docs/permissions.md): administrators any learner's; a company's admins and
 * report viewers only a learner who holds a course from the company's seats (an accepted share),
 * anyone else's is refused as if it did not exist to them (403).
 */
@Injectable()
export class ExamAuditReport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async export(ctx: RequestContext, request: ExamAuditRequest): Promise<ExamAuditAnswer> {
    if (!ctx.actor) throw LearningErrors.signInRequired();
    const scope = reportScopeOf(ctx);
    if (!scope) throw ExamErrors.forbidden();
    const { user_id: userId } = readQuery.transform({ user_id: request?.user_id });
    if (scope.kind === 'company' && !(await this.isCompanyLearner(userId))) throw ExamErrors.forbidden();
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT a.at, a.action, a.actor, a.user_id, a.course_id, c.name AS course_name, a.exam_id, a.attempt_no, a.detail
         FROM exams.exam_audit a LEFT JOIN exams.courses c ON c.id = a.course_id
        WHERE a.user_id = $1 ORDER BY a.at, a.id LIMIT $2`,
      [userId, EXAM_AUDIT_MAX_LINES],
    );
    return {
      data: rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        action: row.action,
        actor: row.actor,
        user_id: row.user_id,
        course_id: row.course_id,
        course_name: row.course_name ?? '',
        exam_id: row.exam_id,
        attempt_no: row.attempt_no,
        detail: row.detail,
      })),
    };
  }

  /** The learner holds a course from one of the company's shares (sharing-organize names them, page by page). */
  private async isCompanyLearner(userId: string): Promise<boolean> {
    const held: { share_id: string }[] = await this.dataSource.query('SELECT share_id FROM exams.enrolments WHERE user_id = $1 AND share_id IS NOT NULL', [userId]);
    if (!held.length) return false;
    const mine = new Set(held.map((row) => row.share_id));
    let after: string | null = null;
    do {
      const page: CompanyLearnerSharesResponse = await this.rpc.call(ReportsRpc.CompanyLearnerShares, { after });
      if (page.shareIds.some((id) => mine.has(id))) return true;
      after = page.next;
    } while (after !== null);
    return false;
  }
}
