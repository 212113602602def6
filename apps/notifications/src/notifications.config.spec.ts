import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { loadNotificationsConfig } from './notifications.config.js';

describe('notifications configuration', () => {
  it('defaults to the local SMTP catcher and the academy sender', () => {
    const config = loadNotificationsConfig({});
    expect(config.SMTP_URL).toBe('smtp://127.0.0.1:1025');
    expect(config.MAIL_FROM).toEqual({ name: 'AeroMaint Academy', address: 'no-reply@aeromaint.local', domain: 'aeromaint.local' });
    expect(config.DATABASE_URL).toBeDefined();
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('takes the links of its e-mails from PUBLIC_BASE_URL, an origin without a trailing slash', () => {
    expect(loadNotificationsConfig({ PUBLIC_BASE_URL: 'https://academy.example/' }).PUBLIC_BASE_URL).toBe('https://academy.example');
    expect(() => loadNotificationsConfig({ PUBLIC_BASE_URL: 'academy.example' })).toThrow(/PUBLIC_BASE_URL: must be an absolute/);
  });

  it('accepts a bare sender address and an smtps URL', () => {
    const config = loadNotificationsConfig({ MAIL_FROM: 'shop@example.org', SMTP_URL: 'smtps://user:secret@mail.example.org:465' });
    expect(config.MAIL_FROM).toEqual({ name: '', address: 'shop@example.org', domain: 'example.org' });
    expect(config.SMTP_URL).toBe('smtps://user:secret@mail.example.org:465');
  });

  it('refuses a bad setting and names every bad variable', () => {
    let error: unknown;
    try {
      loadNotificationsConfig({ MAIL_FROM: 'nobody', SMTP_URL: 'http://mail', EMAIL_WORKER_CONCURRENCY: '0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^SMTP_URL: must be smtp:\/\/host:port/),
      expect.stringMatching(/^MAIL_FROM: must be an address/),
      expect.stringMatching(/^EMAIL_WORKER_CONCURRENCY: /),
    ]);
  });

  it('verifies captchas with the test verifier by default, and needs a secret for reCAPTCHA', () => {
    const config = loadNotificationsConfig({});
    expect(config.CAPTCHA_PROVIDER).toBe('test');
    expect(config.SALES_EMAIL).toBe('sales@aeromaint.local');
    expect(config.RECAPTCHA_VERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(() => loadNotificationsConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SECRET: is required when CAPTCHA_PROVIDER=recaptcha/);
    expect(loadNotificationsConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's' }).RECAPTCHA_SECRET).toBe('s');
    expect(() => loadNotificationsConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
  });

  it('prints AeroMaint Academy as the seller of invoices by default, and reads the address lines separated by ";"', () => {
    const config = loadNotificationsConfig({});
    expect(config.INVOICE_SELLER_NAME).toBe('AeroMaint Academy');
    expect(config.INVOICE_SELLER_ADDRESS).toEqual(['Aviation Park 12', '1130 Brussels', 'Belgium']);
    expect(config.INVOICE_SELLER_VAT_ID).toBe('BE0123456789');
    expect(config.INVOICE_NUMBER_PREFIX).toBe('AM-INV');
    const custom = loadNotificationsConfig({ INVOICE_SELLER_ADDRESS: ' Hangar 3 ; ;Zaventem ', INVOICE_NUMBER_PREFIX: 'INV' });
    expect(custom.INVOICE_SELLER_ADDRESS).toEqual(['Hangar 3', 'Zaventem']);
    expect(custom.INVOICE_NUMBER_PREFIX).toBe('INV');
    expect(() => loadNotificationsConfig({ INVOICE_NUMBER_PREFIX: 'inv/2026' })).toThrow(/INVOICE_NUMBER_PREFIX: /);
  });
});
