import { traceCarrier, type TraceCarrier } from '@aero/backend-observability';
import { headers, type MsgHdrs } from '@nats-io/transport-node';

/**
 * Trace context in NATS message headers (W3C `traceparent`, `tracestate`), the way every RPC
 * request and every event on JetStream carries it: the receiving process's span joins the trace.
 */
export function setTraceHeaders(headers: MsgHdrs, carrier: TraceCarrier = traceCarrier()): void {
  if (carrier.traceparent) headers.set('traceparent', carrier.traceparent);
  if (carrier.tracestate) headers.set('tracestate', carrier.tracestate);
}

/** The trace context a message's headers carry (empty when it has none). */
export function traceHeadersOf(headers: MsgHdrs | undefined): TraceCarrier {
  const traceparent = headers?.get('traceparent');
  if (!traceparent) return {};
  const tracestate = headers?.get('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** New message headers holding only this trace context. */
export function traceHeadersFor(carrier: TraceCarrier): MsgHdrs {
  const result = headers();
  setTraceHeaders(result, carrier);
  return result;
}
