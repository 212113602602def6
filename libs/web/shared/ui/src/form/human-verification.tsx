import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TEST_TOKEN } from '@aero/contracts';
import './form.css';

/** A captcha token is valid for 2 minutes (reCAPTCHA's lifetime); after that it is cleared. */
export const CAPTCHA_TOKEN_LIFETIME_MS = 2 * 60 * 1000;

/**
 * The human-verification widget as a form sees it (shop §4: "The captcha token is set on captcha
 * success and cleared when it expires"). Any widget (the local test checkbox, Google reCAPTCHA)
 * implements it.
 */
export interface HumanVerificationProps {
  /** The check passed: the token to send (`g_recaptcha_token`). */
  onVerify: (token: string) => void;
  /** The token expired (or the check was undone): the form must forget it. */
  onExpire: () => void;
  /** Id of the element describing the widget (its error). */
  describedBy?: string;
  invalid?: boolean;
}

export type HumanVerificationWidget = ComponentType<HumanVerificationProps>;

/**
 * The local widget (no site key configured): an "I'm not a robot" checkbox that gives the
 * documented test token `test-captcha-pass`, which only the gateway's test verifier accepts. Like
 * reCAPTCHA, the token expires after 2 minutes and the box must be ticked again.
 */
export function TestHumanVerification({ onVerify, onExpire, describedBy, invalid }: HumanVerificationProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const [expired, setExpired] = useState(false);
  const callbacks = useRef({ onVerify, onExpire });
  useEffect(() => {
    callbacks.current = { onVerify, onExpire };
  });

  useEffect(() => {
    if (!checked) return;
    const timer = setTimeout(() => {
      setChecked(false);
      setExpired(true);
      callbacks.current.onExpire();
    }, CAPTCHA_TOKEN_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [checked]);

  return (
    <div className="captcha">
      <label className="captcha__box">
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setChecked(event.target.checked);
            setExpired(false);
            if (event.target.checked) callbacks.current.onVerify(CAPTCHA_TEST_TOKEN);
            else callbacks.current.onExpire();
          }}
        />
        <span>{t('captcha.not-a-robot')}</span>
      </label>
      {expired && <p className="captcha__expired">{t('captcha.expired')}</p>}
    </div>
  );
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
  reset(widgetId?: number): void;
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';
let recaptchaScript: Promise<Grecaptcha> | undefined;

function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const api = (globalThis as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
  return recaptchaScript;
}

/** Google reCAPTCHA v2 ("I'm not a robot"), used when a site key is configured. */
export function RecaptchaHumanVerification({ siteKey, onVerify, onExpire }: HumanVerificationProps & { siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onVerify, onExpire });
  useEffect(() => {
    callbacks.current = { onVerify, onExpire };
  });

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((api) => {
        if (cancelled || !container.current) return;
        api.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => callbacks.current.onVerify(token),
          'expired-callback': () => callbacks.current.onExpire(),
          'error-callback': () => callbacks.current.onExpire(),
        });
      })
      .catch(() => callbacks.current.onExpire());
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return <div ref={container} className="captcha captcha--recaptcha" />;
}

/** The reCAPTCHA site key of this build (`VITE_RECAPTCHA_SITE_KEY`), if any. */
export function recaptchaSiteKey(): string | undefined {
  const env = (import.meta as unknown as { env?: Record<string, unknown> }).env;
  const value = env?.['VITE_RECAPTCHA_SITE_KEY'];
  const key = typeof value === 'string' ? value.trim() : '';
  return key === '' ? undefined : key;
}

/**
 * The human-verification widget of this build: reCAPTCHA with a configured site key, else the
 * local test checkbox. `siteKey` overrides the build's key (tests, previews).
 */
export function HumanVerification({ siteKey = recaptchaSiteKey(), ...props }: HumanVerificationProps & { siteKey?: string }) {
  return siteKey ? <RecaptchaHumanVerification siteKey={siteKey} {...props} /> : <TestHumanVerification {...props} />;
}
