import { Module } from '@nestjs/common';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { CaptchaVerifier } from './captcha-verifier.js';
import { RecaptchaVerifier } from './recaptcha.verifier.js';
import { TestCaptchaVerifier } from './test-captcha.verifier.js';

/** Provides the CaptchaVerifier chosen by CAPTCHA_PROVIDER (`test` by default, or `recaptcha`). */
@Module({
  providers: [
    {
      provide: CaptchaVerifier,
      useFactory: (config: NotificationsConfig): CaptchaVerifier =>
        config.CAPTCHA_PROVIDER === 'recaptcha'
          ? new RecaptchaVerifier({
              secret: config.RECAPTCHA_SECRET,
              verifyUrl: config.RECAPTCHA_VERIFY_URL,
              timeoutMs: config.RECAPTCHA_TIMEOUT_MS,
            })
          : new TestCaptchaVerifier(),
      inject: [NOTIFICATIONS_CONFIG],
    },
  ],
  exports: [CaptchaVerifier],
})
export class CaptchaModule {}
