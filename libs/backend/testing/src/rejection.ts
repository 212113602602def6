import type { ErrorPayload } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { expect } from '@jest/globals';

/** The error payload a refused RPC answered with (fails the test when the call succeeded). */
export async function rejection(promise: Promise<unknown>): Promise<ErrorPayload> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return (error as RemoteError).payload;
}
