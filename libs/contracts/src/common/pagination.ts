/** List answers carry `meta.pagination` (spec: learning §3 Pagination). */
export interface PaginationMeta {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}
