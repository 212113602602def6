import type {
  EmployeeCreateRequest,
  EmployeeDto,
  EmployeeGroupAnswer,
  EmployeeGroupDto,
  EmployeeImportDto,
  EmployeeUpdateRequest,
  InvitationAnswer,
  InvitationCreateRequest,
  InvitationDto,
  InvitationUpdateRequest,
  InvitingCompany,
  PagedList,
  PaginationMeta,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** Routes of the employee, group and invitation screens (learning §2, §7). */
export const EmployeesPaths = {
  list: '/api/employees',
  employee: (id: string) => `/api/employees/${encodeURIComponent(id)}`,
  create: '/employees',
  change: (id: string) => `/employees/${encodeURIComponent(id)}`,
  search: '/employees-search',
  groups: '/employee-group',
  group: (id: string) => `/employee-group/${encodeURIComponent(id)}`,
  invitations: '/api/invitations',
  invitation: (id: string) => `/api/invitations/${encodeURIComponent(id)}`,
  invite: '/invitations',
  changeInvitation: (id: string) => `/invitations/${encodeURIComponent(id)}`,
  resend: (id: string) => `/invitations/${encodeURIComponent(id)}/resend`,
  pending: '/api/invitations/pending',
  accept: '/invitations/accept',
  importTemplate: '/api/employees/import/template',
  importUpload: '/employees/import',
  importStatus: (id: string) => `/api/employees/import/${encodeURIComponent(id)}`,
  importConfirm: (id: string) => `/employees/import/${encodeURIComponent(id)}/confirm`,
} as const;

/** The page routes of these screens. */
export const EmployeesPages = {
  list: '/employees',
  employee: (id: string) => `/employees/${encodeURIComponent(id)}`,
  edit: (id: string) => `/employees/${encodeURIComponent(id)}/edit`,
  import: '/employees/import',
  groups: '/employee-groups',
  group: (id: string) => `/employee-groups/${encodeURIComponent(id)}`,
  invitations: '/invitations',
  invite: '/invitations/create',
  editInvitation: (id: string) => `/invitations/${encodeURIComponent(id)}/edit`,
} as const;

/** The employee search of the pickers (learning §7, §9): 100 a page. */
export const EMPLOYEE_SEARCH_LIMIT = 100;

export interface EmployeeSearchArgs {
  query: string;
  /** Ids already chosen, left out of the answer. */
  not?: string[];
  page?: number;
}

/**
 * The query string of `GET /employees-search`: limit 100, the query, `not` when ids are
 * chosen, and `show_all=1` when the query is empty (learning §7).
 */
export function employeeSearchQuery({ query, not = [], page = 1 }: EmployeeSearchArgs): string {
  const params = new URLSearchParams({ limit: String(EMPLOYEE_SEARCH_LIMIT), query });
  if (not.length) params.set('not', not.join(','));
  if (query.trim() === '') params.set('show_all', '1');
  params.set('page', String(page));
  return params.toString();
}

export interface InvitationList {
  success: boolean;
  data: InvitationDto[];
  meta: { pagination: PaginationMeta };
}

/** The company's employees, groups and invitations, and the invited person's pending check and Join. */
export const employeesApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /**
     * The import an upload or a confirmation answered is the import the page shows: its progress
     * bar is there at once, before the first poll (a small file may be checked by then).
     */
    const showImport = async (_args: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { data: EmployeeImportDto } }> }) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(employeesApi.util.upsertQueryData('getImport', data.data.id, data.data));
      } catch {
        // The page shows the failure.
      }
    };
    return {
      listEmployees: build.query<PagedList<EmployeeDto>, { search?: string; page?: number; perPage?: number }>({
        query: ({ search = '', page = 1, perPage = 10 }) => {
          const params = new URLSearchParams();
          if (search.trim()) params.set('search', search.trim());
          if (page > 1) params.set('page', String(page));
          if (perPage !== 10) params.set('per_page', String(perPage));
          const text = params.toString();
          return text ? `${EmployeesPaths.list}?${text}` : EmployeesPaths.list;
        },
        providesTags: (answer) => [{ type: 'Employee', id: 'LIST' }, ...(answer?.data ?? []).map((e) => ({ type: 'Employee' as const, id: e.id }))],
      }),
      /** The pickers' search; callers ignore its failures (learning §7). */
      searchEmployees: build.query<PagedList<EmployeeDto>, EmployeeSearchArgs>({
        query: (args) => `${EmployeesPaths.search}?${employeeSearchQuery(args)}`,
        providesTags: [{ type: 'Employee', id: 'LIST' }],
      }),
      getEmployee: build.query<EmployeeDto, string>({
        query: (id) => EmployeesPaths.employee(id),
        transformResponse: (answer: { data: EmployeeDto }) => answer.data,
        providesTags: (_answer, _error, id) => [{ type: 'Employee', id }],
      }),
      createEmployee: build.mutation<{ message: string; data: EmployeeDto }, EmployeeCreateRequest>({
        query: (body) => ({ url: EmployeesPaths.create, method: 'POST', body }),
        invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Employee', id: 'LIST' }]),
      }),
      updateEmployee: build.mutation<{ message: string; data: EmployeeDto }, { id: string; body: EmployeeUpdateRequest }>({
        query: ({ id, body }) => ({ url: EmployeesPaths.change(id), method: 'PATCH', body }),
        invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Employee', id }, { type: 'Employee', id: 'LIST' }, 'EmployeeGroup']),
      }),
      removeEmployee: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: EmployeesPaths.change(id), method: 'DELETE' }),
        invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Employee', id: 'LIST' }, 'EmployeeGroup']),
      }),

      listGroups: build.query<EmployeeGroupDto[], { withoutEmployees?: boolean } | void>({
        query: (args) => (args?.withoutEmployees ? `${EmployeesPaths.groups}?without-employees=1` : EmployeesPaths.groups),
        transformResponse: (answer: { data: EmployeeGroupDto[] }) => answer.data,
        providesTags: ['EmployeeGroup'],
      }),
      getGroup: build.query<EmployeeGroupDto, string>({
        query: (id) => EmployeesPaths.group(id),
        transformResponse: (answer: { data: EmployeeGroupDto }) => answer.data,
        providesTags: ['EmployeeGroup'],
      }),
      createGroup: build.mutation<EmployeeGroupAnswer, { name: string; employee_ids?: string[] }>({
        query: (body) => ({ url: EmployeesPaths.groups, method: 'POST', body }),
        invalidatesTags: (_answer, error) => (error ? [] : ['EmployeeGroup']),
      }),
      /** Renames (`name`) or sets the members (`employee_ids`): answers `group.data` (with `employees.data`). */
      updateGroup: build.mutation<EmployeeGroupAnswer, { id: string; name?: string; employee_ids?: string[] }>({
        query: ({ id, ...body }) => ({ url: EmployeesPaths.group(id), method: 'PATCH', body }),
        invalidatesTags: (_answer, error) => (error ? [] : ['EmployeeGroup']),
      }),
      removeGroup: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: EmployeesPaths.group(id), method: 'DELETE' }),
        invalidatesTags: (_answer, error) => (error ? [] : ['EmployeeGroup']),
      }),

      /** 'My pending invitations' (`search_query`, `page`). */
      listInvitations: build.query<InvitationList, { search?: string; page?: number }>({
        query: ({ search = '', page = 1 }) => {
          const params = new URLSearchParams();
          if (search.trim()) params.set('search_query', search.trim());
          if (page > 1) params.set('page', String(page));
          const text = params.toString();
          return text ? `${EmployeesPaths.invitations}?${text}` : EmployeesPaths.invitations;
        },
        providesTags: [{ type: 'Invitation', id: 'LIST' }],
      }),
      getInvitation: build.query<InvitationDto, string>({
        query: (id) => EmployeesPaths.invitation(id),
        transformResponse: (answer: { data: InvitationDto }) => answer.data,
        providesTags: (_answer, _error, id) => [{ type: 'Invitation', id }],
      }),
      createInvitation: build.mutation<InvitationAnswer, InvitationCreateRequest>({
        query: (body) => ({ url: EmployeesPaths.invite, method: 'POST', body }),
        invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Invitation', id: 'LIST' }]),
      }),
      updateInvitation: build.mutation<InvitationAnswer, { id: string; body: InvitationUpdateRequest }>({
        query: ({ id, body }) => ({ url: EmployeesPaths.changeInvitation(id), method: 'PATCH', body }),
        invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Invitation', id }, { type: 'Invitation', id: 'LIST' }]),
      }),
      resendInvitation: build.mutation<{ success: boolean; message: string }, string>({
        query: (id) => ({ url: EmployeesPaths.resend(id), method: 'POST' }),
      }),
      removeInvitation: build.mutation<{ success: boolean; message?: string }, string>({
        query: (id) => ({ url: EmployeesPaths.changeInvitation(id), method: 'DELETE' }),
        invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Invitation', id: 'LIST' }]),
      }),
      /** Uploads an import file (base64); its rows are then checked by a job. */
      startImport: build.mutation<{ message: string; data: EmployeeImportDto }, { file_name: string; content_base64: string }>({
        query: (body) => ({ url: EmployeesPaths.importUpload, method: 'POST', body }),
        onQueryStarted: showImport,
      }),
      /** An import's progress and report (the page polls it while it runs). */
      getImport: build.query<EmployeeImportDto, string>({
        query: (id) => EmployeesPaths.importStatus(id),
        transformResponse: (answer: { data: EmployeeImportDto }) => answer.data,
      }),
      confirmImport: build.mutation<{ message: string; data: EmployeeImportDto }, string>({
        query: (id) => ({ url: EmployeesPaths.importConfirm(id), method: 'POST' }),
        invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Employee', id: 'LIST' }]),
        onQueryStarted: showImport,
      }),
      /** The pending-invitation check of the popup. */
      pendingInvitation: build.query<InvitingCompany | null, void>({
        query: () => EmployeesPaths.pending,
        transformResponse: (answer: { inviting_company: InvitingCompany | null }) => answer.inviting_company,
      }),
      /** 'Join': the user becomes an employee of the inviting company (the caller reads the account again). */
      acceptInvitation: build.mutation<{ success: boolean; message: string }, void>({
        query: () => ({ url: EmployeesPaths.accept, method: 'POST' }),
        invalidatesTags: (_answer, error) => (error ? [] : ['Employee', 'Invitation']),
      }),
    };
  },
});

export const {
  useListEmployeesQuery,
  useSearchEmployeesQuery,
  useGetEmployeeQuery,
  useCreateEmployeeMutation,
  useUpdateEmployeeMutation,
  useRemoveEmployeeMutation,
  useListGroupsQuery,
  useGetGroupQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useRemoveGroupMutation,
  useListInvitationsQuery,
  useGetInvitationQuery,
  useCreateInvitationMutation,
  useUpdateInvitationMutation,
  useResendInvitationMutation,
  useRemoveInvitationMutation,
  useLazyPendingInvitationQuery,
  useAcceptInvitationMutation,
  useStartImportMutation,
  useGetImportQuery,
  useConfirmImportMutation,
} = employeesApi;
