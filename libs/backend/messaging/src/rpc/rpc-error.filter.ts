import { DomainError, RemoteError, toErrorPayload } from '@aero/backend-errors';
import { reportError } from '@aero/backend-observability';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';

/**
 * Sends every failure of an RPC handler back as `{ code, message, status, errors? }`. Expected
 * domain errors pass as they are; anything else is logged here and answered as a generic 500.
 * On a service's own small HTTP surface (health, metrics) it answers the same payload as JSON.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'http') {
      const reply = host.switchToHttp().getResponse<{ status(code: number): { send(body: unknown): void } }>();
      if (exception instanceof HttpException) {
        reply.status(exception.getStatus()).send(exception.getResponse());
        return;
      }
      const payload = this.payloadOf(exception, 'http');
      reply.status(payload.status).send(payload);
      return;
    }
    const payload = this.payloadOf(exception, patternOf(host));
    return throwError(() => payload);
  }

  private payloadOf(exception: unknown, route: string) {
    if (!(exception instanceof DomainError) && !(exception instanceof RemoteError)) {
      this.logger.error({ err: exception }, 'unhandled error in handler');
      // With who (the actor the request carried) and the correlation id of the handler's context.
      reportError(exception, { kind: 'rpc', route, status: 500 });
    }
    return toErrorPayload(exception);
  }
}

/** The RPC pattern (the NATS subject) of the request in hand. */
function patternOf(host: ArgumentsHost): string {
  const context: unknown = host.switchToRpc().getContext();
  const subject = (context as { getSubject?: () => unknown } | undefined)?.getSubject?.();
  return typeof subject === 'string' ? subject : 'rpc';
}
