/**
 * The reply of Nest's NATS transport, as its NatsRecordSerializer writes it:
 * `{"response":<value>,"isDisposed":true,"id":"<id>"}` for an answer, `{"err":...,"isDisposed":true,"id":"<id>"}`
 * for a failure (keys in that order: the packet is `{ response | err }`, then `isDisposed` is
 * merged in and `id` assigned last).
 */
export interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

const RESPONSE_PREFIX = '{"response":';

/**
 * The JSON text of the `response` of a reply, cut out of the reply's text without parsing it, or
 * undefined when the reply is not a plain answer in the layout above (an error, or a layout this
 * code does not know), in which case the caller parses the packet instead. Both ends are checked
 * exactly, the request id included, so what lies between is the response value.
 */
export function rawResponseText(replyText: string, id: string): string | undefined {
  if (!replyText.startsWith(RESPONSE_PREFIX)) return undefined;
  for (const suffix of [`,"isDisposed":true,"id":"${id}"}`, `,"id":"${id}"}`]) {
    if (replyText.endsWith(suffix)) return replyText.slice(RESPONSE_PREFIX.length, replyText.length - suffix.length);
  }
  return undefined;
}
