/**
 * Who still holds a request. NATS answers "no responders" at once when nobody serves a subject,
 * but a request already delivered to a responder that then dies (SIGKILL, OOM, a lost node) gets
 * no answer at all, and the caller would wait its whole timeout. So a caller waiting longer than
 * a moment asks the service's instances whether one of them still holds the request: the one
 * running it answers; silence means the request died with its responder.
 */

/** Header naming a request for these questions: `<caller id>.<sequence>`, unique per caller. */
export const RPC_REQUEST_HEADER = 'x-rpc-request';

/** The subject every instance of `service` listens on (no queue group) for "who holds request X?". */
export function inFlightSubject(service: string): string {
  return `_rpc.in-flight.${service}`;
}

/** When a caller asks, and how long it waits for an answer. */
export interface InFlightWatch {
  /** The first question, this long after the request (faster answers cost nothing). */
  firstAfterMs: number;
  /** Then again this often while no answer came. */
  everyMs: number;
  /**
   * A question unanswered for this long means nobody holds the request: the caller gives up.
   * It is also how long a responder's event loop may stall before it counts as dead.
   */
  answerWithinMs: number;
}

export const DEFAULT_IN_FLIGHT_WATCH: InFlightWatch = { firstAfterMs: 500, everyMs: 500, answerWithinMs: 1000 };
