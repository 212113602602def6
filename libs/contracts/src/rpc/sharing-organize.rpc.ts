import type {
  AvailabilityListResponse,
  AvailableForSharingResponse,
  BulkShareActionResponse,
  HasPendingSharesResponse,
  QuickShareManyResponse,
  QuickShareResponse,
  ReceivedCourseDto,
  ReceivePendingResponse,
  SharableCourseDto,
  ShareActionResponse,
  ShareListResponse,
  TicketDto,
} from '../sharing/sharing.js';
import type { TicketsPdfRequest } from '../notifications/notification-requests.schema.js';
import type { PdfDocumentDto } from '../notifications/pdf-documents.js';
import type { DeliverCoursesResponse, OrganizeAvailabilityDto, OrganizeDraftDto } from '../sharing/organize.js';
import { defineRpc } from './rpc-definition.js';

/* Every request acts for the user of the request context (the `x-actor` header): none names its actor. */

export interface ProgramRequest {
  programId: number;
}

export interface QuickShareRequest {
  programId: number;
  email?: unknown;
  share_type?: unknown;
  /** The recipient's name, when known (organize course). */
  name?: unknown;
}

export interface QuickShareManyRequest {
  programId: number;
  /** The paste of the Add multiple recipients dialog. */
  emails?: unknown;
  share_type?: unknown;
}

export interface ListSharesRequest {
  programId?: number;
  search?: unknown;
  sort?: unknown;
  direction?: unknown;
  page?: unknown;
  per_page?: unknown;
}

export interface ShareIdRequest {
  id: string;
}

export interface ShareIdsRequest {
  ids?: unknown;
}

export interface DeliverCoursesRequest {
  program_id?: unknown;
  students?: unknown;
  /** Also e-mail the tickets of students who have an address. */
  send_tickets_by_email?: unknown;
}

export interface ActivateTicketRequest {
  code?: unknown;
  password?: unknown;
}

/** RPCs answered by the sharing-organize service. */
export const SharingRpc = {
  AvailabilityList: defineRpc<ProgramRequest, AvailabilityListResponse>('sharing-organize.seats.availability-list'),
  AvailableForSharing: defineRpc<ProgramRequest, AvailableForSharingResponse>('sharing-organize.seats.available-for-sharing'),
  SharableCourses: defineRpc<Record<string, never>, { data: SharableCourseDto[] }>('sharing-organize.seats.sharable-courses'),
  Share: defineRpc<QuickShareRequest, QuickShareResponse>('sharing-organize.shares.share'),
  ShareMany: defineRpc<QuickShareManyRequest, QuickShareManyResponse>('sharing-organize.shares.share-many'),
  List: defineRpc<ListSharesRequest, ShareListResponse>('sharing-organize.shares.list'),
  Resend: defineRpc<ShareIdRequest, ShareActionResponse>('sharing-organize.shares.resend'),
  Cancel: defineRpc<ShareIdRequest, ShareActionResponse>('sharing-organize.shares.cancel'),
  Recall: defineRpc<ShareIdRequest, ShareActionResponse>('sharing-organize.shares.recall'),
  BulkResend: defineRpc<ShareIdsRequest, BulkShareActionResponse>('sharing-organize.shares.bulk-resend'),
  BulkCancel: defineRpc<ShareIdsRequest, BulkShareActionResponse>('sharing-organize.shares.bulk-cancel'),
  HasPending: defineRpc<Record<string, never>, HasPendingSharesResponse>('sharing-organize.pending.has-pending'),
  ReceivePending: defineRpc<Record<string, never>, ReceivePendingResponse>('sharing-organize.pending.receive'),
  ReceivedCourses: defineRpc<Record<string, never>, { data: ReceivedCourseDto[] }>('sharing-organize.pending.received-courses'),
  /** The owner's tickets by reference (`/tickets/{share_to}`, several for one PDF); another owner's are not found. */
  Tickets: defineRpc<{ shareTo: string[] }, { data: TicketDto[] }>('sharing-organize.tickets.get'),
  ActivateTicket: defineRpc<ActivateTicketRequest, { message: string; data: ReceivedCourseDto }>('sharing-organize.tickets.activate'),
  /** Organize course: the organizer's draft, kept between the steps. */
  GetOrganizeDraft: defineRpc<Record<string, never>, { data: OrganizeDraftDto | null }>('sharing-organize.organize.get-draft'),
  SaveOrganizeDraft: defineRpc<{ new_course_information?: unknown }, { data: OrganizeDraftDto }>('sharing-organize.organize.save-draft'),
  ClearOrganizeDraft: defineRpc<Record<string, never>, { message: string }>('sharing-organize.organize.clear-draft'),
  OrganizeAvailability: defineRpc<ProgramRequest, OrganizeAvailabilityDto>('sharing-organize.organize.availability'),
  DeliverCourses: defineRpc<DeliverCoursesRequest, DeliverCoursesResponse>('sharing-organize.organize.deliver'),
} as const;

/**
 * The printable PDF of tickets, rendered by notifications (which makes the platform's documents);
 * the request is parsed with `ticketsPdfRequestSchema`.
 */
export type TicketsPdfDto = PdfDocumentDto;
export const TicketDocumentRpc = {
  Pdf: defineRpc<TicketsPdfRequest, TicketsPdfDto>('notifications.tickets.pdf'),
} as const;
