import { getMetadataArgsStorage, type DataSource, type EntityManager } from 'typeorm';

/**
 * Runs an `UPDATE … RETURNING` and answers the returned rows (TypeORM's Postgres driver answers
 * `[rows, affectedCount]` for UPDATE and DELETE).
 */
export async function updateReturning<T>(manager: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = await manager.query<[T[], number]>(sql, params);
  return rows;
}

/**
 * The entity of a raw row (a `SELECT *`, a `json_agg` element): every column the entity declares,
 * read under its column name. Columns the entity does not declare are left out.
 */
export function entityFromRow<T extends object>(Entity: new () => T, row: object): T {
  const entity = new Entity() as Record<string, unknown>;
  const values = row as Record<string, unknown>;
  for (const column of getMetadataArgsStorage().filterColumns(Entity)) {
    entity[column.propertyName] = values[column.options.name ?? column.propertyName];
  }
  return entity as T;
}
