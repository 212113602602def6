import { z } from 'zod';

/** List answers carry `meta.pagination` (spec: learning §3 Pagination). */
export interface PaginationMeta {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

/** `meta.pagination` of every list answer. */
export const paginationSchema = z.object({
  total: z.number(),
  count: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  total_pages: z.number(),
}) satisfies z.ZodType<PaginationMeta>;
