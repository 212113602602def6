import type { PaginationMeta } from '@aero/contracts';

/** Page sizes of list screens (learning spec §9): 10 to 50 in steps of 10, default 10. */
export function pageWindow(page: unknown, perPage: unknown): { page: number; perPage: number; offset: number } {
  const p = Number(page);
  const size = Number(perPage);
  const safePage = Number.isSafeInteger(p) && p >= 1 ? p : 1;
  const safeSize = Number.isSafeInteger(size) && size >= 10 && size <= 50 ? Math.round(size / 10) * 10 : 10;
  return { page: safePage, perPage: safeSize, offset: (safePage - 1) * safeSize };
}

export function paginationMeta(total: number, count: number, page: number, perPage: number): PaginationMeta {
  return { total, count, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}
