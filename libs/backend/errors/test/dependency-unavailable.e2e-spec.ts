import { DomainError, isDependencyUnavailable, toErrorPayload } from '@aero/backend-errors';
import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import pg from 'pg';

const POSTGRES = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What a real client throws, caught. */
async function caught(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('a server that cannot be reached is answered 503, a wrong request still 500', () => {
  it('answers 503 service_unavailable when PostgreSQL refuses the connection (down or restarting)', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const error = await caught(() => client.connect());
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(toErrorPayload(error)).toEqual({
      code: 'service_unavailable',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      status: 503,
    });
  });

  it('answers 503 when the server ends a connection in the middle of its work (shutdown, failover)', async () => {
    const victim = new pg.Client({ connectionString: POSTGRES });
    const admin = new pg.Client({ connectionString: POSTGRES });
    await Promise.all([victim.connect(), admin.connect()]);
    victim.on('error', () => undefined);
    try {
      const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const running = caught(() => victim.query('SELECT pg_sleep(10)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const error = await running;
      expect((error as { code?: string }).code).toBe('57P01');
      expect(toErrorPayload(error).status).toBe(503);
      // The same connection used again: it is gone.
      expect(toErrorPayload(await caught(() => victim.query('SELECT 1'))).status).toBe(503);
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
  });

  it('keeps a query the server refuses (a bug, bad data) a 500 that reveals nothing', async () => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    try {
      for (const sql of ['SELECT * FROM no_such_table_anywhere', 'SELECT 1/0', "SELECT 'x'::int"]) {
        const error = await caught(() => client.query(sql));
        expect(isDependencyUnavailable(error)).toBe(false);
        expect(toErrorPayload(error)).toEqual({ code: 'internal_error', message: 'Something went wrong', status: 500 });
      }
    } finally {
      await client.end();
    }
  });

  it('follows a wrapped error (TypeORM driverError, cause) and leaves domain errors as they are', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyUnavailable({ message: 'query failed', driverError: refused })).toBe(true);
    expect(isDependencyUnavailable(new Error('could not save', { cause: refused }))).toBe(true);
    expect(isDependencyUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
    expect(toErrorPayload(new DomainError('exceptions.voucher.expired', 'This voucher has expired.', 422))).toEqual({
      code: 'exceptions.voucher.expired',
      message: 'This voucher has expired.',
      status: 422,
    });
  });
});
