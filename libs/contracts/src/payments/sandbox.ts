/**
 * The sandbox payment provider (PAYMENT_PROVIDER=sandbox, the default for `npm start` and tests).
 * Its documented test cards; any expiry date in the future and any 3-4 digit CVC.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'success', description: 'Paid at once, no 3-D Secure step.' },
  { number: '4000000000003220', outcome: '3ds', description: '3-D Secure challenge: approve or fail it on the sandbox 3-D Secure page.' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined by the bank.' },
  { number: '4000000000000119', outcome: 'processing_error', description: 'The provider fails (try later).' },
] as const;

export type SandboxCardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

/** `PaymentsRpc.SandboxThreeDsGet`: what the sandbox 3-D Secure page shows. */
export interface SandboxThreeDsView {
  transaction_id: string;
  amount: number;
  formatted_amount: string;
  card_last4: string;
  status: 'awaiting_3ds' | 'succeeded' | 'failed' | 'canceled';
  merchant: string;
}

/** `PaymentsRpc.SandboxPayPalGet`: what the sandbox PayPal approval page shows. */
export interface SandboxPayPalView {
  id: string;
  amount: number;
  formatted_amount: string;
  status: 'created' | 'approved' | 'approved_declining' | 'completed' | 'voided';
  /** True when approval sends the buyer back to the shop (plain PayPal); false for the buttons. */
  redirects: boolean;
}

/** Where the browser goes next: the shop's return/cancel route, or null for the PayPal buttons. */
export interface SandboxRedirect {
  redirect_url: string | null;
}
