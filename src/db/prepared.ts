/**
 * Statements written out once and run by name, for the few on a hot path (an
 * order submission's): PostgreSQL parses and plans a named statement once per
 * connection instead of on every call, which was half of the server's time
 * for a submission, and nothing is built per call on this side either. PGlite
 * runs the same text as any query. The text must stay the same for a name
 * (the driver refuses a name reused for another text).
 */
import type { AppDatabase, AppTransaction } from './client.ts';
import { checkChannel } from './notifications.ts';

export interface NamedStatement<Row> {
  (tx: AppTransaction | AppDatabase, params: readonly unknown[]): Promise<Row[]>;
  /** Its name on each connection. */
  readonly statementName: string;
  /** Its text, with $1… for the parameters (a benchmark runs the same text through pgbench). */
  readonly text: string;
}

export function namedStatement<Row extends Record<string, unknown>>(name: string, text: string): NamedStatement<Row> {
  const run = async (tx: AppTransaction | AppDatabase, params: readonly unknown[]) => {
    // Through the session's prepared query (no result mapping: the driver's rows): drizzle's logger sees it as usual.
    const query = tx._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
      { sql: text, params: [...params] },
      undefined,
      name,
      false,
    );
    return (await query.execute()).rows;
  };
  return Object.assign(run, { statementName: name, text });
}

/** Most rows a named multi-row insert takes (namedInsert): one statement name per row count up to it. */
export const NAMED_INSERT_MAX_ROWS = 64;

/**
 * `insert into TABLE (COLUMNS) values (…), (…)` for `rows` rows, run by name: one name per table and row count, so a
 * connection plans each shape once and nothing is built per call. The columns left out take their defaults. The
 * caller turns its rows into parameters (`values`), as the ORM would: JSON as text, moments as ISO text. Null for more
 * rows than NAMED_INSERT_MAX_ROWS: the caller writes those another way.
 *
 * With `notify` (a channel), the same statement also sends a notification on it, its payload the parameter after the
 * rows' (delivered at commit, as notifyStatement's): one round trip instead of two.
 */
export function namedInsert(
  table: string,
  columns: readonly string[],
  rows: number,
  notify: string | null = null,
): ((tx: AppTransaction | AppDatabase, values: readonly unknown[]) => Promise<unknown>) | null {
  if (rows < 1 || rows > NAMED_INSERT_MAX_ROWS) return null;
  const key = `${table}_insert_${rows}${notify === null ? '' : `_notify_${checkChannel(notify)}`}`;
  let statement = namedInserts.get(key);
  if (!statement) {
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    const insert = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`;
    // A data-modifying WITH runs to completion whether or not the query reads it.
    const text =
      notify === null
        ? insert
        : `with inserted as (${insert}) select pg_notify('${notify}', $${rows * columns.length + 1}::text)`;
    statement = namedStatement(key, text);
    namedInserts.set(key, statement);
  }
  return statement;
}

const namedInserts = new Map<string, NamedStatement<Record<string, unknown>>>();
