import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs an `UPDATE … RETURNING` and answers the returned rows (TypeORM's Postgres driver answers
 * `[rows, affectedCount]` for UPDATE and DELETE).
 */
export async function updateReturning<T>(manager: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = await manager.query<[T[], number]>(sql, params);
  return rows;
}
