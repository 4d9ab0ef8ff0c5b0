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

export function rowReader<TTable extends PgTable>(table: TTable, prefix: string): RowReader<InferSelectModel<TTable>> {
  const tableName = getTableName(table);
  const cols = Object.entries(getTableColumns(table)).map(([key, column]) => ({
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
      return out as InferSelectModel<TTable>;
    },
  };
}
