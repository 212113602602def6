import { CaptchaUnavailableError, CaptchaVerifier, type CaptchaVerdict } from './captcha-verifier.js';

export interface RecaptchaOptions {
  secret: string;
  /** `https://www.google.com/recaptcha/api/siteverify`, or a local fake in tests. */
  verifyUrl: string;
  timeoutMs: number;
}

/** The answer of siteverify (https://developers.google.com/recaptcha/docs/verify). */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/** Error codes that mean our configuration is wrong, not the user's token. */
const CONFIGURATION_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

/**
 * Google reCAPTCHA server-side verification: POST `secret`, `response` (the token) and
 * `remoteip` as a form to siteverify; the token is good when the answer says `success: true`.
 */
export class RecaptchaVerifier extends CaptchaVerifier {
  constructor(private readonly options: RecaptchaOptions) {
    super();
  }

  async verify(token: string, remoteIp?: string | null): Promise<CaptchaVerdict> {
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const response = await fetch(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      answer = (await response.json()) as SiteverifyAnswer;
    } catch (error) {
      throw new CaptchaUnavailableError(`reCAPTCHA verification failed: ${(error as Error).message}`, { cause: error });
    }
    if (answer.success === true) return { ok: true };
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    if (codes.some((code) => CONFIGURATION_ERRORS.has(code))) {
      throw new CaptchaUnavailableError(`reCAPTCHA refused the request: ${codes.join(', ')}`);
    }
    return { ok: false, reason: codes.join(', ') || 'not successful' };
  }
}
