import { jest } from '@jest/globals';
import type { DataSource, QueryRunner } from 'typeorm';

/** How long to keep recording after the action, so a transaction of the relay that began during it is seen whole. */
const SETTLE_MS = 300;

/**
 * What `action` answers, and the SQL statements the service sent to Postgres while it ran (one
 * round trip each, START TRANSACTION and COMMIT included), in order. The outbox relay's
 * transactions are left out: they run on their own after the commit, and their cost belongs to
 * the messaging library.
 */
export async function withStatements<T>(dataSource: DataSource, action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = jest.spyOn(dataSource.logger, 'logQuery');
  try {
    const result = await action();
    const calls = spy.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const recorded = spy.mock.calls.map(([sql, , runner]) => ({ sql: oneLine(sql), runner }));
    const relayRunners = new Set<QueryRunner | undefined>(recorded.filter((s) => isRelayRead(s.sql)).map((s) => s.runner));
    const statements = recorded
      .slice(0, calls)
      .filter((s) => !relayRunners.has(s.runner))
      .map((s) => s.sql);
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

/** The relay's claim of unpublished rows, which every relay transaction makes right after START. */
function isRelayRead(sql: string): boolean {
  return /FROM "?payments"?\.outbox\s.*FOR UPDATE SKIP LOCKED/.test(sql);
}

function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}
