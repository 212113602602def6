/** The sandbox provider's test cards as a buyer types them (SANDBOX_TEST_CARDS, apps/payments/README.md). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  threeDs: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  processingError: '4000 0000 0000 0119',
} as const;

/** A card form every check accepts: the card `number`, an expiry two years ahead and a CVC. */
export function cardForm(number: string = CARDS.success) {
  return { number, expiration_month: '12', expiration_year: String(new Date().getUTCFullYear() + 2), cvc: '123' };
}
