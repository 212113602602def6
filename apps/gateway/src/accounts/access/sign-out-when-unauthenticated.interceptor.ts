import { RemoteError } from '@aero/backend-errors';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';

/**
 * accounts-invitations answers 401 when the session's user no longer exists: the session is
 * stale, so it is ended (with its remember-me token) before the 401 goes out.
 */
@Injectable()
export class SignOutWhenUnauthenticated implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof RemoteError) || error.payload.status !== 401) return throwError(() => error);
        return from(request.session.destroy()).pipe(mergeMap(() => throwError(() => error)));
      }),
    );
  }
}
