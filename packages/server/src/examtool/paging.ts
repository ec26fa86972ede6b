import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../core/database';

/**
 * One page of an ordered select, with the count of every row it matches (counted over the
 * select as a subquery, the same on SQLite and PostgreSQL), turned into the page's items.
 */
export async function pageOf<D, T extends keyof D, O, L>(
  db: Db,
  query: SelectQueryBuilder<D, T, O>,
  { pageNum, pageSize }: { pageNum: number; pageSize: number },
  toList: (rows: O[]) => Promise<L[]> | L[],
): Promise<{ list: L[]; total: number; pageNum: number; pageSize: number }> {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(query.as('q'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    query
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { list: await toList(rows), total: Number(counted?.n ?? 0), pageNum, pageSize };
}

/** The page of nobody (a caller whose scope holds nothing of the list). */
export const emptyPage = ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => ({
  list: [],
  total: 0,
  pageNum,
  pageSize,
});

/** Items one by one (each summary reads a few rows of its own). */
export async function eachOf<R, L>(rows: R[], one: (row: R) => Promise<L>): Promise<L[]> {
  const list: L[] = [];
  for (const row of rows) list.push(await one(row));
  return list;
}
