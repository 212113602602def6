/** A recorded call of the mocked fetch. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials;
}

export type FetchAnswer = { status?: number; body?: unknown } | (() => Promise<never>);

/**
 * Replaces `globalThis.fetch` with a stub answering JSON by path (`'/api/products'`) and
 * recording each request; `restore()` puts the previous fetch back.
 */
export function mockFetch(answers: Record<string, FetchAnswer>) {
  const calls: FetchCall[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push({ url: url.pathname + url.search, method: request.method, headers: request.headers, credentials: request.credentials });
    const answer = answers[url.pathname];
    if (typeof answer === 'function') return answer();
    if (!answer) return jsonResponse(404, { code: 'not_found', message: 'Not found', status: 404 });
    return jsonResponse(answer.status ?? 200, answer.body ?? {});
  };
  return {
    calls,
    restore() {
      globalThis.fetch = previous;
    },
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
