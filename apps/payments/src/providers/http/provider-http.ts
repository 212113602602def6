import { createHash } from 'node:crypto';
import { ProviderUnavailableError } from '../payment-provider.js';

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** JSON body (sets Content-Type: application/json). */
  json?: unknown;
  /** Form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: unknown;
  text: string;
}

/**
 * One HTTP call to a provider, bounded in time. Network failures, time-outs and 5xx answers become
 * ProviderUnavailableError ("try later"); 4xx answers are returned for the adapter to interpret.
 */
export async function providerFetch(provider: string, request: ProviderRequest, timeoutMs: number): Promise<ProviderResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailableError(provider, `${request.method} ${new URL(request.url).pathname} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const text = await response.text();
  if (response.status >= 500) {
    throw new ProviderUnavailableError(provider, `${request.method} ${new URL(request.url).pathname} answered ${response.status}`);
  }
  let parsed: unknown;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderUnavailableError(provider, `${request.method} ${new URL(request.url).pathname} answered invalid JSON`);
    }
  }
  return { status: response.status, body: parsed, text };
}

/** A provider idempotency key for one step of one payment: stable, 32 hex characters. */
export function stepKey(base: string, step: string): string {
  return createHash('sha256').update(`${base}:${step}`).digest('hex').slice(0, 32);
}

/**
 * An OAuth2 client-credentials token, fetched on first use and renewed a minute before it
 * expires. Concurrent callers share one token request.
 */
export class ClientCredentialsToken {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>) {}

  async get(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.pending ??= this.fetchToken()
      .then(({ accessToken, expiresInSeconds }) => {
        this.token = { value: accessToken, expiresAt: Date.now() + Math.max(0, expiresInSeconds - 60) * 1000 };
        return accessToken;
      })
      .finally(() => (this.pending = null));
    return this.pending;
  }

  /** Forget the token (the provider said 401). */
  reset(): void {
    this.token = null;
  }
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Cents to the provider's decimal text: 12990 → "129.90". */
export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The provider's decimal text to cents: "129.90" → 12990, "129.9" → 12990; NaN when not a price. */
export function decimalToCents(value: unknown): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
