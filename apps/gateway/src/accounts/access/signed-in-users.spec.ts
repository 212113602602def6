import type { RpcClient } from '@aero/backend-messaging';
import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import type { SessionData } from '../../session/session-data.js';
import { SignedInUsers } from './signed-in-users.js';

/** A request whose session holds `data`, and an accounts-invitations that answers `user`. */
function setUp(data: SessionData, user: Record<string, unknown> | null) {
  let destroyed = false;
  const session = {
    all: () => Promise.resolve(data),
    destroy: () => {
      destroyed = true;
      return Promise.resolve();
    },
  };
  const rpc = { call: () => Promise.resolve({ data: user }) } as unknown as RpcClient;
  const request = { session } as unknown as FastifyRequest;
  return { users: new SignedInUsers(rpc), request, destroyed: () => destroyed };
}

describe('SignedInUsers: the signed-in user of a request', () => {
  const userId = '5a1d0000-0000-4000-8000-000000000001';
  /** The parts of accounts-invitations' user answer this class reads. */
  const userFixture = (fields: { id: string; session_version?: number }) => ({ email: 'student@aeromaint.local', ...fields });

  it('answers the user while the session signed in with its current generation', async () => {
    const { users, request, destroyed } = setUp({ userId, sessionVersion: 3 }, userFixture({ id: userId, session_version: 3 }));
    expect((await users.of(request))?.id).toBe(userId);
    expect(destroyed()).toBe(false);
  });

  it('signs out a session from before the latest password change or reset', async () => {
    const { users, request, destroyed } = setUp({ userId, sessionVersion: 2 }, userFixture({ id: userId, session_version: 3 }));
    expect(await users.of(request)).toBeNull();
    expect(destroyed()).toBe(true);
  });

  it('counts a session stored before generations existed as the first one', async () => {
    const kept = setUp({ userId }, userFixture({ id: userId, session_version: 1 }));
    expect((await kept.users.of(kept.request))?.id).toBe(userId);
    const ended = setUp({ userId }, userFixture({ id: userId, session_version: 2 }));
    expect(await ended.users.of(ended.request)).toBeNull();
  });

  it('keeps the session when accounts-invitations answers no generation (an older version while a deploy rolls out)', async () => {
    const { users, request, destroyed } = setUp({ userId, sessionVersion: 4 }, userFixture({ id: userId }));
    expect((await users.of(request))?.id).toBe(userId);
    expect(destroyed()).toBe(false);
  });

  it('signs out a session whose user no longer exists', async () => {
    const { users, request, destroyed } = setUp({ userId, sessionVersion: 1 }, null);
    expect(await users.of(request)).toBeNull();
    expect(destroyed()).toBe(true);
  });
});
