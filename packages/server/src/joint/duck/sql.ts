import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';

/** Helpers of the DuckDB joint figures' SQL (figures.ts, ranks.ts). */

// A double literal: JS prints the shortest text that reads back as the same double.
export const dbl = (x: number) => `'${x}'::double`;
export const SNAP = `1000000::double`;

export const num = (v: DuckDBValue): number => Number(v);
export const numOrNull = (v: DuckDBValue): number | null => (v === null ? null : Number(v));

export async function rows(duck: DuckDBConnection, sql: string): Promise<DuckDBValue[][]> {
  return (await duck.runAndReadAll(sql)).getRows();
}
