/** A recorded call of the mocked fetch. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials;
  /** The JSON body of the request (filled in once read; `undefined` without a body). */
  body?: unknown;
}

export interface FetchReply {
  status?: number;
  body?: unknown;
}

/**
 * What the stub answers: a JSON reply, or a function of the call giving a reply or a Response,
 * possibly later (a pending promise lets a test look at the page while the request is in flight),
 * or rejecting (a network failure).
 */
export type FetchAnswer = FetchReply | ((call: FetchCall) => FetchReply | Response | Promise<FetchReply | Response>);

/**
 * Replaces `globalThis.fetch` with a stub answering JSON by path (`'/api/products'`) or by method
 * and path (`'POST /api/cart/add'`, which wins), and recording each request; `restore()` puts the
 * previous fetch back. An unknown path answers 404.
 */
export function mockFetch(answers: Record<string, FetchAnswer>) {
  const calls: FetchCall[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: FetchCall = {
      url: url.pathname + url.search,
      method: request.method,
      headers: request.headers,
      credentials: request.credentials,
    };
    calls.push(call);
    const text = request.body ? await request.clone().text() : '';
    if (text) {
      try {
        call.body = JSON.parse(text);
      } catch {
        call.body = text;
      }
    }
    const answer = answers[`${request.method} ${url.pathname}`] ?? answers[url.pathname];
    if (!answer) return jsonResponse(404, { code: 'not_found', message: 'Not found', status: 404 });
    const reply = typeof answer === 'function' ? await answer(call) : answer;
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.status ?? 200, reply.body ?? {});
  };
  return {
    calls,
    /** Calls with this method and path (query string ignored). */
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.url.split('?')[0] === path);
    },
    restore() {
      globalThis.fetch = previous;
    },
  };
}

export type FetchMock = ReturnType<typeof mockFetch>;

/** A promise the test settles itself: `deferred.resolve({ body })` answers a pending request. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
