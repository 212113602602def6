import type { SeatOwner, ShareItemDto, ShareStatus, ShareType } from '@aero/contracts';
import { recallDecision, statusDescription } from './share-rules.js';

/** A share item as read with its grant's owner (SHARE_COLUMNS). */
export interface ShareRow {
  id: string;
  grant_id: string;
  owner_key: string;
  program_id: number;
  course_name: string;
  status: ShareStatus;
  share_type: ShareType;
  share_to: string;
  share_to_name: string | null;
  recipient_email: string | null;
  learner_user_id: string | null;
  ticket_code: string | null;
  ticket_password: string | null;
  send_at: Date | null;
  send_count: number;
  purchased_at: Date;
  available_till: string;
  from_company: boolean;
  started_at: Date | null;
  version: number;
  owner_kind: 'person' | 'company';
  owner_user_id: string;
  owner_company_id: string | null;
  owner_name: string;
  /** The status before the transition, on rows a transition answers. */
  from_status?: ShareStatus;
}

/** The item columns plus the owner of its grant, for a SELECT over `i` (items) joined with `g` (grants). */
export const SHARE_COLUMNS = `i.id, i.grant_id, i.owner_key, i.program_id, i.course_name, i.status, i.share_type, i.share_to, i.share_to_name,
  i.recipient_email, i.learner_user_id, i.ticket_code, i.ticket_password, i.send_at, i.send_count, i.purchased_at,
  to_char(i.available_till, 'YYYY-MM-DD') AS available_till, i.from_company, i.started_at, i.version,
  g.owner_kind, g.owner_user_id, g.owner_company_id, g.owner_name`;

export function ownerOf(row: ShareRow): SeatOwner {
  return { kind: row.owner_kind, userId: row.owner_user_id, companyId: row.owner_company_id, name: row.owner_name };
}

/** A row of the Sharing list (spec: learning §3 Share item), with what its actions may do now. */
export function toShareItemDto(row: ShareRow, now: Date = new Date()): ShareItemDto {
  return {
    id: row.id,
    status: row.status,
    share: false,
    share_to: row.share_to,
    share_to_name: row.share_to_name,
    share_type: row.share_type,
    send_at: row.send_at ? new Date(row.send_at).toISOString() : null,
    available_till: row.available_till,
    status_description: statusDescription(row.status, row.share_type),
    has_errors: false,
    checked: false,
    program_id: row.program_id,
    course_name: row.course_name,
    can_resend: row.status === 'shared' && row.share_type === 'email',
    can_cancel: row.status === 'shared' || row.status === 'created',
    can_recall: recallDecision({ status: row.status, purchasedAt: new Date(row.purchased_at), startedAt: row.started_at }, now).allowed,
  };
}
