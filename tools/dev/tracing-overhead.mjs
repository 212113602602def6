// What tracing costs one RPC call, in CPU: the caller's CLIENT span with its trace context written
// into the NATS headers (RpcClient), and the service's SERVER span read back from them
// (NatsRpcServer), 10,000 calls per round, in the three ways a process can run:
//   - off:      the same headers without tracing (the cost before tracing existed),
//   - ids only: the default (no OTEL_EXPORTER_OTLP_ENDPOINT): spans with ids, nothing recorded,
//   - sent:     spans recorded and sent with the OTLP/HTTP exporter (JSON) to a local receiver
//               that drops them (its receiving counts too).
// Run after `npm run build` (it uses the built libraries):  npx node tools/dev/tracing-overhead.mjs
import { headers } from '@nats-io/transport-node';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist/libs/backend');
const tracing = await import(join(dist, 'observability/src/index.js'));
const { setTraceHeaders, traceHeadersOf } = await import(join(dist, 'messaging/src/trace-headers.js'));
const { inSpan, SpanKind, startTracing, stopTracing, flushTracing, tracingSettingsFromEnv } = tracing;

const CALLS = 10_000;
const ROUNDS = 7;

/** One call as the caller and the service see it, with or without tracing. */
async function tracedCall() {
  let sent;
  await inSpan('catalog.products.list', { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.method': 'catalog.products.list' } }, async () => {
    sent = headers();
    sent.set('x-correlation-id', 'c0ffee');
    setTraceHeaders(sent);
  });
  await inSpan('catalog.products.list', { kind: SpanKind.SERVER, remote: traceHeadersOf(sent), attributes: { 'rpc.system': 'nats' } }, async () => undefined);
}

async function plainCall() {
  const sent = headers();
  sent.set('x-correlation-id', 'c0ffee');
  await Promise.resolve(sent.get('x-correlation-id'));
}

/** Median CPU microseconds per call over the rounds; the event loop turns every 32 calls, so batches are sent. */
async function measure(call, flush = async () => undefined) {
  for (let i = 0; i < 2000; i++) await call();
  await flush();
  const perCall = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) {
      await call();
      if (i % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
    }
    await flush();
    const used = process.cpuUsage(start);
    perCall.push((used.user + used.system) / CALLS);
  }
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(ROUNDS / 2)];
}

let received = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received += body.split('"spanId"').length - 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address();

const off = await measure(plainCall);
startTracing(tracingSettingsFromEnv({}, 'bench'));
const idsOnly = await measure(tracedCall);
startTracing(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '200' }, 'bench'));
const sent = await measure(tracedCall, flushTracing);
await stopTracing();
receiver.close();

const row = (name, value) => `  ${name.padEnd(10)} ${value.toFixed(2).padStart(7)} µs CPU per call   (+${(value - off).toFixed(2)} µs over off)`;
console.log(`RPC call, caller and service together: ${CALLS} calls x ${ROUNDS} rounds, median round (Node ${process.version})`);
console.log(row('off', off));
console.log(row('ids only', idsOnly));
console.log(row('sent', sent));
const made = 2 * (2000 + CALLS * ROUNDS);
console.log(`  (sent: ${received} of the ${made} spans made reached the receiver${received < made ? '; the others were dropped by the full batch queue' : ''})`);
