import type { PaginationMeta } from '@aero/contracts';

/** Page sizes of list screens (learning spec §9): 10 to 50 in steps of 10, default 10 (`pageQuerySchema` read the numbers). */
export function pageWindow(page: number | undefined, perPage: number | undefined): { page: number; perPage: number; offset: number } {
  const safePage = page !== undefined && Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const safeSize = perPage !== undefined && Number.isSafeInteger(perPage) && perPage >= 10 && perPage <= 50 ? Math.round(perPage / 10) * 10 : 10;
  return { page: safePage, perPage: safeSize, offset: (safePage - 1) * safeSize };
}

export function paginationMeta(total: number, count: number, page: number, perPage: number): PaginationMeta {
  return { total, count, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}
