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
 * when a table it uses changes, but refuses one whose result columns changed (`RETURNING *` after
 * ADD COLUMN, "cached plan must not change result type"): the statement is then prepared again
 * under a new name and run once more, which succeeds outside a transaction (inside one, the
 * transaction has failed and its next attempt succeeds).
 */
export class PreparingClient extends pg.Client {
  /** Names prepared (or being prepared) on this connection. */
  private readonly prepared = new Set<string>();
  /** Texts whose statement had to be prepared again, by how many times. */
  private readonly replaced = new Map<string, number>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const plain = this.query.bind(this) as (config: unknown, values?: unknown, callback?: QueryCallback) => unknown;
    // Assigned per instance: pg.Client's query() has overloads a subclass method cannot restate.
    (this as { query: unknown }).query = (config: unknown, values?: unknown, callback?: QueryCallback) => {
      if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0) return plain(config, values, callback);
      const run = (): unknown => {
        const name = this.nameFor(config);
        return plain(name ? { name, text: config, values } : config, name ? undefined : values, callback);
      };
      const result = run();
      if (callback || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (!isResultTypeChange(error)) throw error;
        this.replace(config, plain);
        // Inside a transaction the retry only meets "transaction aborted": the first error says more.
        return (run() as Promise<unknown>).catch((retryError: unknown) => {
          throw (retryError as { code?: string }).code === IN_FAILED_TRANSACTION ? error : retryError;
        });
      });
    };
  }

  /** The name to run `text` under on this connection, or null once the connection has its fill. */
  private nameFor(text: string): string | null {
    const times = this.replaced.get(text);
    const name = times ? `${statementNameOf(text)}_${times}` : statementNameOf(text);
    if (this.prepared.has(name)) return name;
    if (this.prepared.size >= PREPARED_STATEMENTS_PER_CONNECTION) return null;
    this.prepared.add(name);
    return name;
  }

  /** Retires the statement of `text` after its table changed: the next run prepares it anew. */
  private replace(text: string, plain: (config: unknown) => unknown): void {
    const times = this.replaced.get(text);
    const old = times ? `${statementNameOf(text)}_${times}` : statementNameOf(text);
    this.replaced.set(text, (times ?? 0) + 1);
    // Frees the old plan on the server. Inside a failed transaction this fails: the old statement
    // then lives (and counts against the limit) as long as the connection.
    (plain(`DEALLOCATE "${old}"`) as Promise<unknown>).then(
      () => this.prepared.delete(old),
      () => undefined,
    );
  }
}

/** "cached plan must not change result type": a prepared statement's table changed its columns. */
function isResultTypeChange(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '0A000' && typeof message === 'string' && message.includes('must not change result type');
}

/** SQLSTATE of a statement sent inside a transaction that has already failed. */
const IN_FAILED_TRANSACTION = '25P02';
