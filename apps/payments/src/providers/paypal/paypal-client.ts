import { randomUUID } from 'node:crypto';
import { basicAuth, ClientCredentialsToken, providerFetch, type ProviderResponse } from '../http/provider-http.js';
import { ProviderUnavailableError } from '../payment-provider.js';

export interface PayPalClientOptions {
  /** e.g. https://api-m.sandbox.paypal.com (no trailing slash). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/**
 * PayPal REST: OAuth2 client-credentials token (`/v1/oauth2/token`, Basic client id + secret),
 * then Bearer on every call. Every POST carries `PayPal-Request-Id`: PayPal answers a repeated
 * request with the same id with the first result (create and capture are idempotent).
 */
export class PayPalClient {
  private readonly token: ClientCredentialsToken;

  constructor(private readonly options: PayPalClientOptions) {
    this.token = new ClientCredentialsToken(() => this.fetchToken());
  }

  async get(path: string): Promise<ProviderResponse> {
    return this.call('GET', path);
  }

  async post(path: string, json: unknown, requestId: string): Promise<ProviderResponse> {
    return this.call('POST', path, json, requestId);
  }

  private async call(method: 'GET' | 'POST', path: string, json?: unknown, requestId?: string): Promise<ProviderResponse> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Authorization: `Bearer ${await this.token.get()}` };
      if (requestId) {
        headers['PayPal-Request-Id'] = requestId;
        headers.Prefer = 'return=representation';
      }
      const response = await providerFetch('paypal', { method, url: this.url(path), json, headers }, this.options.timeoutMs);
      if (response.status === 401 && attempt === 0) {
        this.token.reset();
        continue;
      }
      return response;
    }
  }

  private url(path: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async fetchToken(): Promise<{ accessToken: string; expiresInSeconds: number }> {
    const response = await providerFetch(
      'paypal',
      {
        method: 'POST',
        url: this.url('/v1/oauth2/token'),
        headers: { Authorization: basicAuth(this.options.clientId, this.options.clientSecret), 'PayPal-Request-Id': randomUUID() },
        form: { grant_type: 'client_credentials' },
      },
      this.options.timeoutMs,
    );
    const body = response.body as { access_token?: string; expires_in?: number } | undefined;
    if (response.status !== 200 || !body?.access_token) {
      throw new ProviderUnavailableError('paypal', `authentication failed (${response.status})`);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
  }
}
