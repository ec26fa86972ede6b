import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from './database';

/**
 * An auto-numbered primary key for `addColumn('id', id, auto)` on both dialects: `serial` on
 * PostgreSQL, `integer … autoincrement` on SQLite. New domain migrations take it from here.
 */
export function autoId(dialect: Dialect) {
  return {
    id: dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
    auto: <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
  };
}

/** `addColumn(name, type, notNull)`: a column that must hold a value. */
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * `addColumn('school_id', 'integer', cascadeTo('schools'))`: a not-null reference to `table.id`
 * whose rows go with the row they point at.
 */
export const cascadeTo = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete('cascade');
