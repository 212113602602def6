import type { ArticleDto, ClientLogoDto, FaqItemDto, SlideDto } from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** Editorial content of the public site, written by the company in its CMS. */
export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/content/faq: the FAQ items. */
    getFaq: build.query<FaqItemDto[], void>({
      query: () => '/api/content/faq',
      transformResponse: (response: { data: FaqItemDto[] }) => response.data,
      providesTags: [{ type: 'Content' as const, id: 'FAQ' }],
    }),
    /** GET /api/content/articles/{slug}: one article (404 for an unknown slug). */
    getArticle: build.query<ArticleDto, string>({
      query: (slug) => `/api/content/articles/${encodeURIComponent(slug)}`,
      transformResponse: (response: { data: ArticleDto }) => response.data,
      providesTags: (_article, _error, slug) => [{ type: 'Content' as const, id: `article:${slug}` }],
    }),
    /** GET /api/content/slides: the home page carousel. */
    getSlides: build.query<SlideDto[], void>({
      query: () => '/api/content/slides',
      transformResponse: (response: { data: SlideDto[] }) => response.data,
      providesTags: [{ type: 'Content' as const, id: 'SLIDES' }],
    }),
    /** GET /api/content/client-logos: the home page's client logos. */
    getClientLogos: build.query<ClientLogoDto[], void>({
      query: () => '/api/content/client-logos',
      transformResponse: (response: { data: ClientLogoDto[] }) => response.data,
      providesTags: [{ type: 'Content' as const, id: 'CLIENT_LOGOS' }],
    }),
  }),
});

export const { useGetFaqQuery, useGetArticleQuery, useGetSlidesQuery, useGetClientLogosQuery } = contentApi;
