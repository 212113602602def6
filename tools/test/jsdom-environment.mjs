// jsdom, plus the fetch API of Node (jsdom has none): RTK Query and react-router 7 build
// `Request` objects, so fetch, Request, Response, Headers and the matching AbortController come
// from the same (Node) implementation. Relative URLs resolve against the page address, as in a
// browser. Tests replace `globalThis.fetch` with their own mock.
import JSDOMEnvironment from 'jest-environment-jsdom';

const FROM_NODE = [
  'fetch',
  'Headers',
  'Response',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
];

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    for (const name of FROM_NODE) page[name] = globalThis[name];
    const NodeRequest = globalThis.Request;
    page.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(input instanceof NodeRequest ? input : new URL(String(input), page.location.href), init);
      }
    };
  }
}
