import { CURRENCY } from './constants.js';

const eur = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Euros as the shop shows them: EUR with two decimals (`€1,234.50`, `-€10.00`), the same text as
 * the server's `formatted_price`. Amounts are rounded to the cent first.
 */
export function formatEur(euros: number): string {
  const cents = Math.round(euros * 100);
  return eur.format((cents === 0 ? 0 : cents) / 100);
}

/** A reduction shown in totals: `-€10.00`, or `€0.00` when there is none. */
export function formatEurReduction(euros: number): string {
  return euros > 0 ? formatEur(-euros) : formatEur(0);
}
