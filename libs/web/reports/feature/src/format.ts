import { formatEur } from '@aero/web-shared-util';

export { formatDate, formatDateTime, formatDay } from '@aero/web-shared-util';

/** Cents as euros (`€1,788.00`, `-€199.00`). */
export function formatCents(cents: number): string {
  return formatEur(cents / 100);
}
