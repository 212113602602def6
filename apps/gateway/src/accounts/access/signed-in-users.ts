import { AccountsRpc, type AccountUserDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { setActor } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { sessionVersionOf } from '../../session/session-data.js';

/** Per request, whichever module's instance of SignedInUsers asks (the user is read once). */
const usersByRequest = new WeakMap<FastifyRequest, Promise<AccountUserDto | null>>();

/**
 * The signed-in user of a request, read from accounts-invitations (`GetUser` by the session's
 * user id) at most once per request and shared by the guards and the handler. A session whose
 * user no longer exists, or that signed in before the user's latest password change or reset (an
 * older session generation), is a stale one: it is signed out and the client continues as a visitor.
 */
@Injectable()
export class SignedInUsers {
  constructor(private readonly rpc: RpcClient) {}

  of(request: FastifyRequest): Promise<AccountUserDto | null> {
    let user = usersByRequest.get(request);
    if (!user) {
      user = this.load(request);
      usersByRequest.set(request, user);
    }
    return user;
  }

  private async load(request: FastifyRequest): Promise<AccountUserDto | null> {
    const session = await request.session.all();
    if (!session.userId) return null;
    const { data } = await this.rpc.call(AccountsRpc.GetUser, { userId: session.userId });
    // An accounts-invitations that predates session generations (while a deploy rolls out)
    // answers none: that is no sign of a password change, so the session stays.
    const current = data?.session_version ?? sessionVersionOf(session);
    if (data && current === sessionVersionOf(session)) {
      // Every RPC of this request from here on carries who is acting.
      setActor({ userId: data.id, companyId: data.company_id, roles: data.roles, status: data.status, email: data.email, name: data.name });
      return data;
    }
    await request.session.destroy();
    return null;
  }
}
