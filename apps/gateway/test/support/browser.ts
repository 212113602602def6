/**
 * A minimal browser for the tests: keeps the cookies the gateway sets (by name) and sends them
 * back, and can add the CSRF header the web app sends (X-XSRF-TOKEN = the XSRF-TOKEN cookie).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie lines of the last response. */
  lastSetCookies: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; form?: Record<string, string>; rawJson?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.csrf) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.rawJson !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawJson;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request('GET', path, { headers });
  }

  /** The Set-Cookie line of the last response for one cookie, e.g. to check its flags. */
  setCookieLine(name: string): string | undefined {
    return this.lastSetCookies.find((line) => line.startsWith(`${name}=`));
  }
}
