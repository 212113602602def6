import type { ExamAuditAction } from '@aero/contracts';
import type { EntityManager } from 'typeorm';

/** The actor of what a timer did (the deadline job, the grace-period job). */
export const SYSTEM_ACTOR = 'system';

/** One line of the audit trail, as written. */
export interface AuditEntry {
  action: ExamAuditAction;
  /** The user who acted, or SYSTEM_ACTOR. */
  actor: string;
  userId: string;
  courseId: number;
  examId: number;
  attemptId?: string | null;
  attemptNo?: number | null;
  detail: string;
}

/**
 * Records an entry of the exam audit trail in the caller's transaction (it exists if and only if
 * what it records committed), stamped with the database's clock at the moment of writing.
 * Certificates record their issue here too (`certificate_issued`).
 */
export async function recordAudit(manager: EntityManager, entry: AuditEntry): Promise<void> {
  await manager.query(
    `INSERT INTO exams.exam_audit (action, actor, user_id, course_id, exam_id, attempt_id, attempt_no, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [entry.action, entry.actor, entry.userId, entry.courseId, entry.examId, entry.attemptId ?? null, entry.attemptNo ?? null, entry.detail],
  );
}
