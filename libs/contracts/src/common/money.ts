/** Money is integer cents in EUR everywhere inside the platform. */
export type Cents = number;

export const CURRENCY = 'EUR';

/** JSON answers carry euros as numbers rounded to cents (e.g. 129.9). */
export function centsToEuros(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** "€1,234.50" style text shown by the shop; two decimals always. */
export function formatEuros(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  // Thousands grouped by hand: toLocaleString builds an Intl formatter on every call, and a
  // product list formats every price (1 % of catalog-cart's CPU).
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}€${euros}.${rest}`;
}
