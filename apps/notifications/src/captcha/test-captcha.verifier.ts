import { CAPTCHA_TEST_TOKEN } from '@aero/contracts';
import { CaptchaVerifier, type CaptchaVerdict } from './captcha-verifier.js';

/**
 * The verifier of `npm start` and the tests (CAPTCHA_PROVIDER=test): accepts exactly the
 * documented token `test-captcha-pass` and nothing else, without any network call.
 */
export class TestCaptchaVerifier extends CaptchaVerifier {
  verify(token: string): Promise<CaptchaVerdict> {
    return Promise.resolve(token === CAPTCHA_TEST_TOKEN ? { ok: true } : { ok: false, reason: 'not the test token' });
  }
}
