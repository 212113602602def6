import { SANDBOX_TEST_CARDS, type SandboxCardOutcome } from '@aero/contracts';

/**
 * What the sandbox does with a card number: the documented test cards (SANDBOX_TEST_CARDS, also
 * in apps/payments/README.md); any other valid number is paid at once, like the success card.
 */
export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS.find((card) => card.number === cardNumber)?.outcome ?? 'success';
}
