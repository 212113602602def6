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
  for (const [property, column] of columnsOf(Entity)) entity[property] = values[column];
  return entity as T;
}

/** Each entity's [property, column] pairs, looked up once (orders are read on every payment). */
const columnsByEntity = new WeakMap<object, [string, string][]>();

function columnsOf(Entity: new () => object): [string, string][] {
  let columns = columnsByEntity.get(Entity);
  if (!columns) {
    columns = getMetadataArgsStorage()
      .filterColumns(Entity)
      .map((column): [string, string] => [column.propertyName, column.options.name ?? column.propertyName]);
    columnsByEntity.set(Entity, columns);
  }
  return columns;
}
