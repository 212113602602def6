import { NotFoundException } from '@nestjs/common';

/*
 * The few checks the gateway makes on sharing requests before calling the service, in one place
 * until the request schemas of libs/contracts validate the gateway's routes; the service checks
 * every field again and answers the spec's messages.
 */

const NOT_FOUND = 'Not Found';

/** A course id in a path: digits only, else 404 (no such course). */
export function programIdParam(value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) throw new NotFoundException({ message: NOT_FOUND });
  return Number(value);
}

/** A share item id in a path: a UUID, else 404. */
export function shareIdParam(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new NotFoundException({ message: NOT_FOUND });
  return value.toLowerCase();
}

/** The body as an object (a JSON array or text is taken as no fields). */
export function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
