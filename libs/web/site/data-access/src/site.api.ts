import type { AnnouncementDto, BonusPopupDto, ContactRequestForm, CountryDto } from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** The request types a form (and a data-method link) accepts (shop §5). */
export const FORM_METHODS = ['get', 'delete', 'head', 'post', 'put', 'patch'] as const;
export type FormMethod = (typeof FORM_METHODS)[number];

export function isFormMethod(value: unknown): value is FormMethod {
  return typeof value === 'string' && (FORM_METHODS as readonly string[]).includes(value.toLowerCase());
}

/**
 * Methods that travel with a `_method` field (shop §7). The gateway replays a POST carrying
 * `_method` as that method, so `_method: 'POST'` is refused there and GET/HEAD have no body.
 */
const METHODS_WITH_FIELD = new Set(['PUT', 'PATCH', 'DELETE']);

/** `{ message }` answers of the site's form posts. */
export interface MessageAnswer {
  message?: string;
}

export interface CookieConsentBody {
  necessary: boolean;
  statistics: boolean;
  social: boolean;
}

/** The contact form as the page sends it (shop §3 "Contact request"). */
export type ContactRequestBody = { [K in keyof ContactRequestForm]-?: string };

/**
 * `Me` is the signed-in user (`GET /api/me`, accounts); a newsletter change updates it. The
 * other tags are the site's own.
 */
export const siteApiWithTags = baseApi.enhanceEndpoints({ addTagTypes: ['Me', 'Announcement', 'Country', 'BonusPopup'] });

/** Public-site endpoints (docs/api.md "Accounts and the public site"). */
export const siteApi = siteApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** POST /cookie-consent: records the choice with its time and policy version (visitors too). */
    recordCookieConsent: build.mutation<MessageAnswer, CookieConsentBody>({
      query: (body) => ({ url: '/cookie-consent', method: 'POST', body }),
    }),

    /** PATCH /profile/update-newsletter-consent with opt_in 1 or 0 (renewal dialog). */
    updateNewsletterConsent: build.mutation<MessageAnswer, { opt_in: 0 | 1 }>({
      query: (body) => ({ url: '/profile/update-newsletter-consent', method: 'PATCH', body }),
      invalidatesTags: ['Me'],
    }),

    /** POST /newsletters/subscribe (signed in). */
    subscribeNewsletter: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/newsletters/subscribe', method: 'POST' }),
      invalidatesTags: ['Me', 'BonusPopup'],
    }),

    /** GET /api/newsletters/bonus-popup: whether the subscription bonus popup is due. */
    getBonusPopup: build.query<BonusPopupDto, void>({
      query: () => '/api/newsletters/bonus-popup',
      providesTags: ['BonusPopup'],
    }),

    /** POST /newsletters/mark-subscription-bonus-popup-as-seen (when the popup is shown). */
    markBonusPopupSeen: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/newsletters/mark-subscription-bonus-popup-as-seen', method: 'POST' }),
    }),

    /** GET /api/announcements/current: the banner, or null. */
    getCurrentAnnouncement: build.query<AnnouncementDto | null, void>({
      query: () => '/api/announcements/current',
      transformResponse: (answer: { data: AnnouncementDto | null }) => answer.data ?? null,
      providesTags: ['Announcement'],
    }),

    /** GET /countries/all, loaded once: the country selector filters it locally. */
    getCountries: build.query<CountryDto[], void>({
      query: () => '/countries/all',
      transformResponse: (answer: { data: CountryDto[] }) => answer.data,
      providesTags: ['Country'],
      keepUnusedDataFor: 3600,
    }),

    /** The request of a data-method link: that method, with a `_method` field (shop §2, §7). */
    sendDataMethodRequest: build.mutation<MessageAnswer, { url: string; method: FormMethod }>({
      query: ({ url, method }) => {
        const upper = method.toUpperCase();
        // Any answer type is fine (a page may answer HTML); only the status decides.
        return { url, method: upper, body: METHODS_WITH_FIELD.has(upper) ? { _method: upper } : undefined, responseHandler: 'content-type' };
      },
    }),

    /** POST /classroom-training/contact-us; 422 with field errors. */
    sendContactRequest: build.mutation<MessageAnswer, ContactRequestBody>({
      query: (body) => ({ url: '/classroom-training/contact-us', method: 'POST', body }),
    }),
  }),
});

export const {
  useRecordCookieConsentMutation,
  useUpdateNewsletterConsentMutation,
  useSubscribeNewsletterMutation,
  useGetBonusPopupQuery,
  useMarkBonusPopupSeenMutation,
  useGetCurrentAnnouncementQuery,
  useGetCountriesQuery,
  useSendContactRequestMutation,
  useSendDataMethodRequestMutation,
} = siteApi;
