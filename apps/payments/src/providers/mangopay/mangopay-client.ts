import { basicAuth, ClientCredentialsToken, providerFetch, type ProviderResponse } from '../http/provider-http.js';
import { ProviderUnavailableError } from '../payment-provider.js';

export interface MangopayClientOptions {
  /** e.g. https://api.sandbox.mangopay.com (no trailing slash). */
  baseUrl: string;
  clientId: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * Mangopay REST API v2.01: OAuth2 client-credentials token (Basic client id + API key), then
 * `Authorization: Bearer` on every call. Every POST carries an `Idempotency-Key` header
 * (16–36 characters), so a retried POST answers the first result instead of acting twice.
 */
export class MangopayClient {
  private readonly token: ClientCredentialsToken;

  constructor(private readonly options: MangopayClientOptions) {
    this.token = new ClientCredentialsToken(() => this.fetchToken());
  }

  /** `/v2.01/{ClientId}{path}`. */
  url(path: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}/v2.01/${encodeURIComponent(this.options.clientId)}${path}`;
  }

  async get(path: string): Promise<ProviderResponse> {
    return this.call('GET', this.url(path));
  }

  async put(path: string, json: unknown): Promise<ProviderResponse> {
    return this.call('PUT', this.url(path), json);
  }

  async post(path: string, json: unknown, idempotencyKey: string): Promise<ProviderResponse> {
    return this.call('POST', this.url(path), json, idempotencyKey);
  }

  /**
   * Sends the card data to the card registration URL (the tokenization server, not the API);
   * answers its text (`data=…` on success, `errorCode=…` otherwise).
   */
  async tokenize(registrationUrl: string, form: Record<string, string>, idempotencyKey: string): Promise<string> {
    const response = await providerFetch(
      'mangopay',
      { method: 'POST', url: registrationUrl, form, headers: { 'Idempotency-Key': idempotencyKey } },
      this.options.timeoutMs,
    );
    return response.text.trim();
  }

  private async call(method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown, idempotencyKey?: string): Promise<ProviderResponse> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Authorization: `Bearer ${await this.token.get()}` };
      if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
      const response = await providerFetch('mangopay', { method, url, json, headers }, this.options.timeoutMs);
      if (response.status === 401 && attempt === 0) {
        this.token.reset();
        continue;
      }
      return response;
    }
  }

  private async fetchToken(): Promise<{ accessToken: string; expiresInSeconds: number }> {
    const response = await providerFetch(
      'mangopay',
      {
        method: 'POST',
        url: `${this.options.baseUrl.replace(/\/$/, '')}/v2.01/oauth/token`,
        headers: { Authorization: basicAuth(this.options.clientId, this.options.apiKey), 'Idempotency-Key': `token-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
        form: { grant_type: 'client_credentials' },
      },
      this.options.timeoutMs,
    );
    const body = response.body as { access_token?: string; expires_in?: number } | undefined;
    if (response.status !== 200 || !body?.access_token) {
      throw new ProviderUnavailableError('mangopay', `authentication failed (${response.status})`);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
  }
}
