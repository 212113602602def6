import type { PaginationMeta } from '@aero/contracts';
import { useEffect } from 'react';

/**
 * A list page past the first that comes back empty (its last rows were just removed, here or by
 * someone else) moves to the last page there is, rather than saying the list is empty. Answers
 * whether the page is being left, so the caller shows neither an empty table nor 'none'.
 */
export function useBackToLastPage(
  pagination: PaginationMeta | undefined,
  rows: number | undefined,
  page: number,
  go: (next: { page: number }) => void,
): boolean {
  const pastTheEnd = pagination !== undefined && rows === 0 && page > 1;
  // The last page the answer counts, and in any case an earlier one: an answer that still counts
  // this page (the list changed meanwhile) cannot hold the page here.
  const target = Math.max(1, Math.min(pagination?.total_pages ?? 1, page - 1));
  useEffect(() => {
    if (pastTheEnd) go({ page: target });
  }, [pastTheEnd, target, go]);
  return pastTheEnd;
}
