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
