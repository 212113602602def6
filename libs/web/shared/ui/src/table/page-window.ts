/** One place of the pagination control: a page number, or an ellipsis for the pages left out. */
export type PageSlot = number | 'gap';

/**
 * The pages the pagination control shows (learning §2 "Pagination control"): none when there is
 * one page or fewer; all of them when they fit in `visible` (7 by default); otherwise a window
 * around the current page, with the first and last pages always shown and an ellipsis where
 * pages are left out. Always `visible` slots once there are more pages than that.
 */
export function pageWindow(current: number, total: number, visible = 7): PageSlot[] {
  if (total <= 1) return [];
  if (total <= visible) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), total);
  // Slots between the first and the last page.
  const inner = visible - 2;
  let start = Math.max(2, page - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }
  const slots: PageSlot[] = [1];
  for (let p = start; p <= end; p++) slots.push(p);
  slots.push(total);
  // An ellipsis takes the place of the inner page next to a jump.
  if (start > 2) slots[1] = 'gap';
  if (end < total - 1) slots[slots.length - 2] = 'gap';
  return slots;
}
