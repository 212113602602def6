import { AccountsRpc, DEMO_ACCOUNTS, type AccountRole, type AccountUserDto, type RegisterRequest } from '@aero/contracts';
import { actingAs, DEMO_PASSWORD, studentForm, waitFor } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import { Browser } from './browser.js';
import { queryDb, startPlatform, type Platform, type PlatformOptions } from './platform.js';

export { DEMO_PASSWORD, GOOD_PASSWORD, studentForm, unique } from '@aero/backend-testing';

/**
 * The platform of the accounts tests: catalog-cart and accounts-invitations as real processes,
 * and a gateway that trusts X-Forwarded-For, so each test browser can come from its own address
 * (limits per address are then testable, and independent between tests).
 */
export function startAccountsPlatform(options: PlatformOptions = {}): Promise<Platform> {
  return startPlatform({
    ...options,
    apps: ['accounts-invitations', ...(options.apps ?? [])],
    gatewayEnv: { TRUST_PROXY: 'true', ...options.gatewayEnv },
  });
}

let lastAddress = 0;

/** A fresh client address (TEST-NET-3), one per browser unless told otherwise. */
export function newAddress(): string {
  lastAddress++;
  return `203.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** The body of a refused call: its message, its code, and the field messages of a 422. */
export interface Refusal {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** A browser at one client address, with JSON helpers that always send the CSRF header. */
export class AccountBrowser extends Browser {
  constructor(
    baseUrl: string,
    readonly address: string = newAddress(),
  ) {
    super(baseUrl);
  }

  override request(
    method: string,
    path: string,
    options: { body?: unknown; form?: Record<string, string>; rawJson?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    return super.request(method, path, { ...options, headers: { 'x-forwarded-for': this.address, ...options.headers } });
  }

  /** A JSON call as the web app makes it (XSRF header on unsafe methods). */
  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const res = await this.request(method, path, { body, csrf: method !== 'GET' });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: (type.includes('json') && text ? JSON.parse(text) : text) as T, headers: res.headers };
  }

  async me(): Promise<AccountUserDto | null> {
    const { body } = await this.call<{ data: AccountUserDto | null }>('GET', '/api/me');
    return body.data;
  }

  async signIn(email: string, password: string, remember?: unknown): Promise<ApiAnswer> {
    return this.call('POST', '/login', remember === undefined ? { email, password } : { email, password, remember });
  }
}

/** A visitor who has loaded a page: session and XSRF cookies set. */
export async function visitor(platform: Platform, address?: string): Promise<AccountBrowser> {
  const browser = new AccountBrowser(platform.url, address);
  await browser.get('/api/me');
  return browser;
}

/** A browser signed in as this account (fails the test when sign-in fails). */
export async function signedIn(platform: Platform, email: string, password = DEMO_PASSWORD): Promise<AccountBrowser> {
  const browser = await visitor(platform);
  const answer = await browser.signIn(email, password);
  expect(answer.status).toBe(200);
  return browser;
}


export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/**
 * A user created directly through accounts-invitations (not the gateway, so the registration
 * limit per address is left to the tests about it), with these roles set by the demo administrator.
 */
export async function createUser(platform: Platform, roles?: AccountRole[], overrides: Partial<RegisterRequest> = {}): Promise<TestUser> {
  const form = studentForm(overrides);
  const { data } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
  if (roles) {
    await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => platform.gateway.infra.rpc.call(AccountsRpc.SetRoles, { userId: data.id, roles }));
  }
  return { id: data.id, email: data.email, password: form.password! };
}

/** The token of a password reset link (`/password/reset/<token>?email=…`, the web app's new-password page). */
export function resetTokenOf(link: URL): string {
  const [, token = ''] = /^\/password\/reset\/([^/]+)$/.exec(link.pathname) ?? [];
  return decodeURIComponent(token);
}

/** The last e-mail link of this type for the user (from the outbox). */
export async function lastLinkToken(platform: Platform, eventType: string, userId: string, urlField: string): Promise<URL> {
  return waitFor<URL | null>(async () => {
    const rows = await queryDb<{ url: string | null }>(
      platform,
      `SELECT payload->'data'->>$3 AS url FROM accounts_invitations.outbox
        WHERE type = $1 AND payload->'data'->>'userId' = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [eventType, userId, urlField],
    );
    return rows[0]?.url ? new URL(rows[0].url) : null;
  }, { what: `${eventType} link` }) as Promise<URL>;
}
