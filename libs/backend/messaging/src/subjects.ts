/**
 * Subject and stream names, with the optional isolation prefix (NATS_PREFIX) that lets
 * several test files or environments share one NATS server without seeing each other.
 */
export function prefixed(prefix: string, subject: string): string {
  return `${prefix}${subject}`;
}

/** JetStream names may not contain dots or wildcards, so the prefix is folded in. */
export function eventStreamName(prefix: string): string {
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, '_').replace(/_+$/, '');
  return safe ? `${safe.toUpperCase()}_EVENTS` : 'EVENTS';
}

export function durableName(prefix: string, consumer: string): string {
  return `${prefix}${consumer}`.replace(/[^A-Za-z0-9_-]/g, '_');
}
