import type {
  DeliverCoursesResponse,
  OrganizeAvailabilityDto,
  OrganizeDraftDto,
  StudentAssignmentDto,
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
  ShareSort,
  ShareType,
  TicketDto,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** The calls of quick share, pending shares and tickets (learning §7, and the few the screens need besides). */
export const SharingPaths = {
  courses: '/api/quick-share/courses',
  availabilityList: (programId: number) => `/availability-list/${programId}`,
  availableForSharing: (programId: number) => `/my-courses/available-for-sharing/${programId}`,
  items: '/api/quick-share/items',
  share: (programId: number) => `/quick-share/${programId}`,
  shareMany: (programId: number) => `/quick-share/${programId}/multiple`,
  resend: (id: string) => `/quick-share/resend/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/quick-share/${encodeURIComponent(id)}`,
  recall: (id: string) => `/course-recall/${encodeURIComponent(id)}`,
  resendSelected: '/api/quick-share/resend-selected',
  cancelSelected: '/api/quick-share/cancel-selected',
  hasPending: '/api/quick-share/has-pending',
  receivePending: '/api/quick-share/receive-pending',
  received: '/api/my-courses/received',
  /** One reference, or several comma separated. */
  tickets: (shareTo: string[]) => `/api/tickets/${shareTo.map(encodeURIComponent).join(',')}`,
  ticketsPdf: (shareTo: string[]) => `/api/tickets/pdf?share_to=${shareTo.map(encodeURIComponent).join(',')}`,
  activate: '/api/tickets/activate',
  organizeDraft: '/api/organize-course',
  organize: '/organize-course',
  organizeAvailability: (programId: number) => `/api/organize-course/availability/${programId}`,
  deliver: '/organize-course/deliver',
} as const;

/** The page routes of these screens. */
export const SharingPages = {
  quickShare: '/quick-share',
  ticket: (shareTo: string) => `/tickets/${encodeURIComponent(shareTo)}`,
  activation: '/ticket-activation',
  myCourses: '/my-courses',
  organize: '/organize-course',
  /** After delivery; with tickets, their references comma separated (learning §2 routes). */
  organizeSuccess: (tickets: string[]) => (tickets.length ? `/organize-course/success/${tickets.map(encodeURIComponent).join(',')}` : '/organize-course/success'),
} as const;

export interface ShareListArgs {
  programId: number;
  search?: string;
  sort?: ShareSort;
  direction?: 'asc' | 'desc';
  page?: number;
  perPage?: number;
}

/** The query string of the Sharing list: only what differs from the defaults. */
export function shareListQuery(args: ShareListArgs): string {
  const params = new URLSearchParams({ program_id: String(args.programId) });
  if (args.search) params.set('search', args.search);
  if (args.sort) params.set('sort', args.sort);
  if (args.direction) params.set('direction', args.direction);
  if (args.page && args.page > 1) params.set('page', String(args.page));
  if (args.perPage) params.set('per_page', String(args.perPage));
  return params.toString();
}

const SHARES = [{ type: 'Share' as const, id: 'LIST' }];

/** Quick share, the availability list, pending shares and tickets. */
export const sharingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sharableCourses: build.query<SharableCourseDto[], void>({
      query: () => SharingPaths.courses,
      transformResponse: (answer: { data: SharableCourseDto[] }) => answer.data,
      providesTags: SHARES,
    }),
    availabilityList: build.query<AvailabilityListResponse, number>({
      query: (programId) => SharingPaths.availabilityList(programId),
      providesTags: SHARES,
    }),
    availableForSharing: build.query<AvailableForSharingResponse, number>({
      query: (programId) => SharingPaths.availableForSharing(programId),
      providesTags: SHARES,
    }),
    listShares: build.query<ShareListResponse, ShareListArgs>({
      query: (args) => `${SharingPaths.items}?${shareListQuery(args)}`,
      providesTags: SHARES,
    }),
    share: build.mutation<QuickShareResponse, { programId: number; email?: string; shareType: ShareType; name?: string }>({
      query: ({ programId, email, shareType, name }) => ({
        url: SharingPaths.share(programId),
        method: 'POST',
        body: { ...(email ? { email } : {}), share_type: shareType, ...(name ? { name } : {}) },
      }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    shareMany: build.mutation<QuickShareManyResponse, { programId: number; emails: string; shareType: ShareType }>({
      query: ({ programId, emails, shareType }) => ({ url: SharingPaths.shareMany(programId), method: 'POST', body: { emails, share_type: shareType } }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    resend: build.mutation<ShareActionResponse, string>({
      query: (id) => ({ url: SharingPaths.resend(id), method: 'PATCH' }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    cancelShare: build.mutation<ShareActionResponse, string>({
      query: (id) => ({ url: SharingPaths.cancel(id), method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    recall: build.mutation<ShareActionResponse, string>({
      query: (id) => ({ url: SharingPaths.recall(id), method: 'POST' }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    resendSelected: build.mutation<BulkShareActionResponse, string[]>({
      query: (ids) => ({ url: SharingPaths.resendSelected, method: 'POST', body: { ids } }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    cancelSelected: build.mutation<BulkShareActionResponse, string[]>({
      query: (ids) => ({ url: SharingPaths.cancelSelected, method: 'POST', body: { ids } }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
    hasPendingShares: build.query<HasPendingSharesResponse, void>({
      query: () => SharingPaths.hasPending,
    }),
    receivePending: build.mutation<ReceivePendingResponse, void>({
      query: () => ({ url: SharingPaths.receivePending, method: 'GET' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Course']),
    }),
    receivedCourses: build.query<ReceivedCourseDto[], void>({
      query: () => SharingPaths.received,
      transformResponse: (answer: { data: ReceivedCourseDto[] }) => answer.data,
      providesTags: ['Course'],
    }),
    tickets: build.query<TicketDto[], string[]>({
      query: (shareTo) => SharingPaths.tickets(shareTo),
      transformResponse: (answer: { data: TicketDto[] }) => answer.data,
    }),
    activateTicket: build.mutation<{ message: string; data: ReceivedCourseDto }, { code: string; password: string }>({
      query: (body) => ({ url: SharingPaths.activate, method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Course']),
    }),
    organizeDraft: build.query<OrganizeDraftDto | null, void>({
      query: () => SharingPaths.organizeDraft,
      transformResponse: (answer: { data: OrganizeDraftDto | null }) => answer.data,
    }),
    saveOrganizeDraft: build.mutation<{ data: OrganizeDraftDto }, OrganizeDraftDto>({
      query: (draft) => ({ url: SharingPaths.organize, method: 'POST', body: { new_course_information: draft } }),
    }),
    clearOrganizeDraft: build.mutation<{ message: string }, void>({
      query: () => ({ url: SharingPaths.organize, method: 'DELETE' }),
    }),
    organizeAvailability: build.query<OrganizeAvailabilityDto, number>({
      query: (programId) => SharingPaths.organizeAvailability(programId),
      providesTags: SHARES,
    }),
    deliverCourses: build.mutation<DeliverCoursesResponse, { programId: number; students: StudentAssignmentDto[]; sendTicketsByEmail: boolean }>({
      query: ({ programId, students, sendTicketsByEmail }) => ({
        url: SharingPaths.deliver,
        method: 'POST',
        body: { program_id: programId, students, send_tickets_by_email: sendTicketsByEmail },
      }),
      invalidatesTags: (_answer, error) => (error ? [] : SHARES),
    }),
  }),
});

export const {
  useSharableCoursesQuery,
  useAvailabilityListQuery,
  useAvailableForSharingQuery,
  useListSharesQuery,
  useLazyListSharesQuery,
  useShareMutation,
  useShareManyMutation,
  useResendMutation,
  useCancelShareMutation,
  useRecallMutation,
  useResendSelectedMutation,
  useCancelSelectedMutation,
  useLazyHasPendingSharesQuery,
  useReceivePendingMutation,
  useReceivedCoursesQuery,
  useTicketsQuery,
  useActivateTicketMutation,
  useOrganizeDraftQuery,
  useSaveOrganizeDraftMutation,
  useClearOrganizeDraftMutation,
  useOrganizeAvailabilityQuery,
  useDeliverCoursesMutation,
} = sharingApi;
