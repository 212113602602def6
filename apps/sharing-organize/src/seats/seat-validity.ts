/**
 * How long bought seats may be used (docs/decisions.md, "Seat validity"): the purchase year plus
 * six months, i.e. until 30 June of the year after the purchase (UTC), that day included.
 */
export function availableTillOf(purchasedAt: Date): string {
  return `${purchasedAt.getUTCFullYear() + 1}-06-30`;
}
