/**
 * Statements written out once and run by name, for the few on a hot path (an
 * order submission's): PostgreSQL parses and plans a named statement once per
 * connection instead of on every call, which was half of the server's time
 * for a submission, and nothing is built per call on this side either. PGlite
 * runs the same text as any query. The text must stay the same for a name
 * (the driver refuses a name reused for another text).
 */
import type { AppDatabase, AppTransaction } from './client.ts';

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
