import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Prepared statements kept per connection at most. Each costs the Postgres backend some memory,
 * and generated SQL (an IN list of varying length, say) would otherwise add new ones without
 * end; past the limit a connection runs new texts unprepared, as before.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

/** Statement names by SQL text, shared by every connection of the process (bounded too). */
const namesByText = new Map<string, string>();
const NAMES_REMEMBERED = 5000;

/** The statement name of a SQL text: a digest, so every connection prepares a text under one name. */
export function statementNameOf(text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex')}`;
    if (namesByText.size < NAMES_REMEMBERED) namesByText.set(text, name);
  }
  return name;
}

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;

/**
 * A pg client that runs parameterised queries given as text as named prepared statements: on
 * each connection a text is parsed and planned once, and later runs only bind and execute. The
 * services send the same few dozen statements over and over, so parsing and planning were a large
 * share of Postgres' CPU per request.
 *
 * Only `query(text, values)` with at least one value is prepared: statements without parameters
 * (START TRANSACTION, COMMIT, migrations' DDL) keep the simple protocol, and query objects
 * (streams, explicit names) pass through as they are. pg forgets a name whose Parse failed, so a
 * statement that failed once is parsed again next time. Postgres re-plans a prepared statement
 * when a table it uses changes; one whose result columns change (`RETURNING *` after ADD COLUMN)
 * fails until the connection is renewed, so such migrations go with a restart of the service.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const plain = this.query.bind(this) as (config: unknown, values?: unknown, callback?: QueryCallback) => unknown;
    // Assigned per instance: pg.Client's query() has overloads a subclass method cannot restate.
    (this as { query: unknown }).query = (config: unknown, values?: unknown, callback?: QueryCallback) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = this.nameFor(config);
        if (name) return plain({ name, text: config, values }, undefined, callback);
      }
      return plain(config, values, callback);
    };
  }

  /** The name to run `text` under on this connection, or null once the connection has its fill. */
  private nameFor(text: string): string | null {
    const name = statementNameOf(text);
    if (this.prepared.has(name)) return name;
    if (this.prepared.size >= PREPARED_STATEMENTS_PER_CONNECTION) return null;
    this.prepared.add(name);
    return name;
  }
}
