/** What the captcha provider said about a token. */
export type CaptchaVerdict =
  | { ok: true }
  /** The token is missing, wrong, expired or used: the user must solve the captcha again. */
  | { ok: false; reason: string };

/**
 * Checks a human-verification token on the server. Domain code depends on this abstraction
 * only; the provider (reCAPTCHA, or the test verifier) is configuration (CAPTCHA_PROVIDER).
 */
export abstract class CaptchaVerifier {
  /**
   * Resolves with the verdict; throws CaptchaUnavailableError when the provider cannot be
   * asked (network, timeout, server error), which is not the user's fault.
   */
  abstract verify(token: string, remoteIp?: string | null): Promise<CaptchaVerdict>;
}

/** The provider did not answer usably; the request may be retried later. */
export class CaptchaUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CaptchaUnavailableError';
  }
}
