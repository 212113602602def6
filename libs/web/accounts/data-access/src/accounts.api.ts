import type {
  AccountUserDto,
  BillingInformationDto,
  KycDecision,
  KycSubjectDto,
  KycSubjectType,
  PaginationMeta,
  PersonalInformationDto,
  ProfileDto,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** `{ message }` answers of the account forms. */
export interface MessageAnswer {
  message?: string;
}

export interface RedirectAnswer extends MessageAnswer {
  redirect?: string;
}

export interface LoginBody {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginAnswer {
  data: AccountUserDto;
  redirect?: string;
}

/** The registration form as the page sends it (shop §3 "Registration form"). */
export interface RegistrationBody {
  nick: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  type: 'student' | 'company';
  terms_and_conditions: boolean;
  is_corporate: boolean;
  newsletters: boolean;
  company_name: string;
  company_code: string;
  vat_number: string;
  company_country: string;
  city: string;
  address: string;
  zip: string;
  redirect?: string;
  invitation_token?: string;
  necessary_cookies_consent?: boolean;
  statistics_cookies_consent?: boolean;
  social_cookies_consent?: boolean;
}

export interface PasswordResetBody {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export interface TermsDto {
  body: string;
  version: string;
}

export interface AccountDataBody {
  nick: string;
  first_name: string;
  last_name: string;
}

export interface PersonalInformationBody {
  birth_date: string;
  gender: string;
  birth_place: string;
}

export interface PasswordChangeBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The billing form (learning §3 "Billing information"). */
export type BillingBody = Omit<BillingInformationDto, 'updated_at'>;

export interface KycPendingArgs {
  page: number;
  search: string;
}

export interface KycPendingAnswer {
  data: KycSubjectDto[];
  meta: { pagination: PaginationMeta };
}

export interface KycDecisionArgs {
  subject_type: KycSubjectType;
  subject_id: string;
  decision: KycDecision;
  reason?: string;
}

/**
 * Tags: `Me` is the signed-in user of the top menu (`GET /api/me`); sign-in, sign-out and
 * registration invalidate it, and the cart (the visitor's cart merges into the user's at
 * sign-in; after sign-out the visitor has a new one).
 */
export const accountsApiWithTags = baseApi.enhanceEndpoints({ addTagTypes: ['Me', 'Billing', 'Terms', 'Kyc'] });

/** What belongs to the signed-in user and changes with who is signed in. */
const USER_TAGS = ['Me', 'Cart', 'Profile', 'Billing', 'Kyc', 'Order', 'Course', 'Share', 'Employee', 'EmployeeGroup', 'Invitation'] as const;

/** Account endpoints (docs/api.md "Accounts and the public site"). */
export const accountsApi = accountsApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/me: the signed-in user, or null for a visitor. */
    getMe: build.query<AccountUserDto | null, void>({
      query: () => '/api/me',
      transformResponse: (answer: { data: AccountUserDto | null }) => answer.data ?? null,
      providesTags: ['Me'],
    }),

    /** POST /login. 422 `errors.email` for wrong credentials, 429 with the seconds to wait. */
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      // The menu shows the user at once; the tags refetch the user's data (and the merged cart).
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.data) void dispatch(accountsApi.util.upsertQueryData('getMe', undefined, data.data));
      },
      invalidatesTags: (_answer, error) => (error ? [] : [...USER_TAGS]),
    }),

    /** POST /logout. */
    logout: build.mutation<RedirectAnswer, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(accountsApi.util.upsertQueryData('getMe', undefined, null));
      },
      invalidatesTags: (_answer, error) => (error ? [] : [...USER_TAGS]),
    }),

    /** POST /register: signs the new user in. */
    register: build.mutation<RedirectAnswer, RegistrationBody>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : [...USER_TAGS]),
    }),

    /** POST /email/verify with the token of the e-mail's link. */
    verifyEmail: build.mutation<MessageAnswer, { token: string }>({
      query: (body) => ({ url: '/email/verify', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Me']),
    }),

    /** POST /email/verification-notification: a new verification link (signed in). */
    resendVerification: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/email/verification-notification', method: 'POST' }),
    }),

    /** POST /password/email: the reset link. */
    requestPasswordReset: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/password/email', method: 'POST', body }),
    }),

    /** POST /password/reset: the new password. */
    resetPassword: build.mutation<RedirectAnswer, PasswordResetBody>({
      query: (body) => ({ url: '/password/reset', method: 'POST', body }),
    }),

    /** GET /api/terms: the terms page body. */
    getTerms: build.query<TermsDto, void>({
      query: () => '/api/terms',
      transformResponse: (answer: { data: TermsDto }) => answer.data,
      providesTags: ['Terms'],
    }),

    /** POST /terms/accept. */
    acceptTerms: build.mutation<RedirectAnswer, { terms_and_conditions: boolean; redirect?: string }>({
      query: (body) => ({ url: '/terms/accept', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Me']),
    }),

    /** GET /api/profile. */
    getProfile: build.query<ProfileDto, void>({
      query: () => '/api/profile',
      transformResponse: (answer: { data: ProfileDto }) => answer.data,
      providesTags: ['Profile'],
    }),

    /** PATCH /profile: nick and names. */
    updateAccountData: build.mutation<MessageAnswer, AccountDataBody>({
      query: (body) => ({ url: '/profile', method: 'PATCH', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Profile', 'Me']),
    }),

    /** POST /profile/avatar with the picture as a data URL. */
    uploadAvatar: build.mutation<MessageAnswer & { data?: { avatar_url: string } }, { avatar: string; content_type: string }>({
      query: (body) => ({ url: '/profile/avatar', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Profile', 'Me']),
    }),

    /** DELETE /profile/avatar. */
    removeAvatar: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/profile/avatar', method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Profile', 'Me']),
    }),

    /** POST /profile/personal-information, fillable once (422 afterwards). */
    savePersonalInformation: build.mutation<MessageAnswer & { data?: PersonalInformationDto }, PersonalInformationBody>({
      query: (body) => ({ url: '/profile/personal-information', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Profile']),
    }),

    /** PATCH /profile/password. */
    changePassword: build.mutation<MessageAnswer, PasswordChangeBody>({
      query: (body) => ({ url: '/profile/password', method: 'PATCH', body }),
    }),

    /** GET /api/profile/billing. */
    getBilling: build.query<BillingInformationDto, void>({
      query: () => '/api/profile/billing',
      transformResponse: (answer: { data: BillingInformationDto }) => answer.data,
      providesTags: ['Billing'],
    }),

    /** PATCH /profile/billing. */
    updateBilling: build.mutation<MessageAnswer, BillingBody>({
      query: (body) => ({ url: '/profile/billing', method: 'PATCH', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Billing']),
    }),

    /** GET /api/kyc/pending?page=&search= (KYC users). */
    getPendingKyc: build.query<KycPendingAnswer, KycPendingArgs>({
      query: ({ page, search }) => ({ url: '/api/kyc/pending', params: { page, search } }),
      providesTags: ['Kyc'],
    }),

    /** POST /kyc/{subject_type}/{id}/approve or …/decline (with a reason). */
    decideKyc: build.mutation<MessageAnswer & { data?: KycSubjectDto }, KycDecisionArgs>({
      query: ({ subject_type, subject_id, decision, reason }) => ({
        url: `/kyc/${encodeURIComponent(subject_type)}/${encodeURIComponent(subject_id)}/${decision}`,
        method: 'POST',
        body: decision === 'decline' ? { reason } : {},
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Kyc']),
    }),
  }),
});

export const {
  useGetMeQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useGetTermsQuery,
  useAcceptTermsMutation,
  useGetProfileQuery,
  useUpdateAccountDataMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useSavePersonalInformationMutation,
  useChangePasswordMutation,
  useGetBillingQuery,
  useUpdateBillingMutation,
  useGetPendingKycQuery,
  useDecideKycMutation,
} = accountsApi;
