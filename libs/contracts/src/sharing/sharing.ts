import type { PaginationMeta } from '../common/pagination.js';

/**
 * The life of one shared seat (spec: learning §4 "Share item status"): `created` (a seat set
 * aside for a recipient, not yet sent), `shared` (sent by e-mail or handed out as a ticket),
 * `accepted` (the learner received it and is enrolled), `started` and `completed` (reported by
 * the learning side); `recalled` and `cancelled` gave the seat back to its pool.
 */
export const SHARE_STATUSES = ['created', 'shared', 'accepted', 'started', 'completed', 'recalled', 'cancelled'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** How a seat reaches its recipient (spec: learning §3 Share item `share_type`). */
export const SHARE_TYPES = ['email', 'ticket'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

export function isShareType(value: unknown): value is ShareType {
  return typeof value === 'string' && (SHARE_TYPES as readonly string[]).includes(value);
}

/** Limits of sharing (spec: learning §5 Sharing, §9). */
export const SHARING_LIMITS = {
  /** At most this many recipients in one multiple-recipient share. */
  maxRecipientsAtOnce: 50,
  /** An accepted course may be recalled up to this many days after its purchase (day 14 included). */
  recallWindowDays: 14,
  /** Page sizes of the Sharing list: 10 to 50 in steps of 10, default 10. */
  perPageOptions: [10, 20, 30, 40, 50] as const,
  defaultPerPage: 10,
} as const;

/** Sortable columns of the Sharing list (spec: learning §2 Quick share page); default send_at descending. */
export const SHARE_SORTS = ['send_at', 'available_till', 'status', 'share_to'] as const;
export type ShareSort = (typeof SHARE_SORTS)[number];

/** One row of the Sharing list (spec: learning §3 Share item). Dates are ISO 8601; `available_till` a day. */
export interface ShareItemDto {
  id: string;
  status: ShareStatus;
  /** Client-side row flags of the spec's share item; always false from the server. */
  share: boolean;
  /** The recipient's e-mail, or the ticket's reference (its code) for a ticket. */
  share_to: string;
  share_to_name: string | null;
  share_type: ShareType;
  send_at: string | null;
  /** `YYYY-MM-DD`, the last day the seat may be used. */
  available_till: string;
  status_description: string;
  has_errors: boolean;
  checked: boolean;
  program_id: number;
  course_name: string;
  /** What the row actions may do now. */
  can_resend: boolean;
  can_cancel: boolean;
  can_recall: boolean;
}

/** `GET /availability-list/{program}`: the seat purchases of a course still usable (spec: §3 Course availability). */
export interface AvailabilityEntryDto {
  qty: number;
  /** When the seats were bought (ISO 8601). */
  created_at: string;
  /** `YYYY-MM-DD`. */
  available_till: string;
}
export interface AvailabilityListResponse {
  data: AvailabilityEntryDto[];
  meta: { total: number };
}

/** `GET /my-courses/available-for-sharing/{program_id}`. */
export interface AvailableForSharingResponse {
  count: number;
}

/** A course the actor has seats of, for the quick share page's course picker. */
export interface SharableCourseDto {
  program_id: number;
  name: string;
  /** Seats that can be shared now (not expired). */
  available: number;
  /** Items in the Sharing list (not recalled or cancelled). */
  shared: number;
}

export interface ShareListMeta {
  pagination: PaginationMeta;
  /** The two tab counts of the quick share page: seats available (Share) and shared items (Sharing). */
  counts: { share: number; sharing: number };
}
export interface ShareListResponse {
  data: ShareItemDto[];
  meta: ShareListMeta;
}

/** `POST /quick-share/{id}`: the seat went to `shared_to` (e-mail, or ticket reference). */
export interface QuickShareResponse {
  shared_to: string;
  data: ShareItemDto;
}

export interface QuickShareManyResponse {
  data: ShareItemDto[];
  message: string;
}

/** What a bulk action did to each selected item. */
export interface BulkShareActionResponse {
  /** Items acted on, by id, with their new status. */
  done: { id: string; status: ShareStatus }[];
  /** Items left alone, by id, with the reason (e.g. a created item in a bulk resend). */
  skipped: { id: string; reason: string }[];
  message: string;
}

export interface ShareActionResponse {
  data: ShareItemDto;
  message: string;
}

/** `GET /api/quick-share/has-pending` (spec: learning §7). */
export interface HasPendingSharesResponse {
  has_shares: boolean;
  shares_count: number;
}

/** `GET /api/quick-share/receive-pending`: the courses now in My courses. */
export interface ReceivePendingResponse {
  received: { share_id: string; program_id: number; course_name: string }[];
  message: string;
}

/** A ticket as printed (spec: learning §3 Ticket): code and password, for the course. */
export interface TicketDto {
  share_to: string;
  code: string;
  password: string;
  course_name: string;
  program_id: number;
  available_till: string;
  status: ShareStatus;
}

/** A course the learner received through sharing-organize (purchase or share), for My courses. */
export interface ReceivedCourseDto {
  program_id: number;
  course_name: string;
  source: 'purchase' | 'share';
  enrolled_at: string;
  available_till: string | null;
  status: 'enrolled' | 'started' | 'completed';
}
