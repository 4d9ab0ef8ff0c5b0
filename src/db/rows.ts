/**
 * A table's rows read by hand-written SQL, mapped exactly as drizzle's own
 * select maps them (each column's mapFromDriverValue: a timestamp string to a
 * Date, a JSON text to its value), for the few hot statements where building
 * the query with drizzle's builder costs more than running it. The column
 * list and the mapping are worked out once, when the module loads.
 */
import { getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export interface RowReader<T> {
  /** `"table"."column" as "<prefix>column", …` for every column of the table, for a select list. */
  readonly columns: string;
  /** The row as drizzle's `select().from(table)` gives it, from a result row of a statement selecting `columns`. */
  read(row: Record<string, unknown>): T;
}

/** A reader of every column of `table`, or of the `only` ones (the row then has only those). */
export function rowReader<
  TTable extends PgTable,
  K extends keyof InferSelectModel<TTable> & string = keyof InferSelectModel<TTable> & string,
>(table: TTable, prefix: string, only?: readonly K[]): RowReader<Pick<InferSelectModel<TTable>, K>> {
  const tableName = getTableName(table);
  const wanted = only ? new Set<string>(only) : null;
  const entries = Object.entries(getTableColumns(table)).filter(([key]) => !wanted || wanted.has(key));
  const missing = [...(wanted ?? [])].filter((key) => !entries.some(([k]) => k === key));
  if (missing.length > 0) throw new Error(`${tableName} has no column ${missing.join(', ')}`);
  const cols = entries.map(([key, column]) => ({
    key,
    column,
    alias: `${prefix}${column.name}`,
  }));
  return {
    columns: cols.map((c) => `"${tableName}"."${c.column.name}" as "${c.alias}"`).join(', '),
    read(row) {
      const out: Record<string, unknown> = {};
      for (const c of cols) {
        const value = row[c.alias];
        out[c.key] = value === null || value === undefined ? null : c.column.mapFromDriverValue(value);
      }
      return out as Pick<InferSelectModel<TTable>, K>;
    },
  };
}
