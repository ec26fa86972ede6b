import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../core/database';

/**
 * Which cloud rows (questions and papers with `school_id` null) a school reads: the national
 * cloud (`region_id` null) and its own region's, never another region's.
 * @see docs/resources.md "The region cloud bank"
 */

/** The region a school belongs to, or null (a school belongs to at most one). */
export async function regionOfSchool(db: Db, schoolId: number): Promise<number | null> {
  const row = await db
    .selectFrom('region_schools')
    .select('region_id')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return row?.region_id ?? null;
}

/** SQL: the row of `alias` (a questions or papers row) is in a cloud bank the school reads. */
export function cloudOf(alias: string, schoolId: number): RawBuilder<boolean> {
  const school = sql.ref(`${alias}.school_id`);
  const region = sql.ref(`${alias}.region_id`);
  return sql<boolean>`(${school} is null and (${region} is null or ${region} in (select rs.region_id from region_schools rs where rs.school_id = ${schoolId})))`;
}

/** SQL: the row of `alias` is the school's own or in a cloud bank it reads. */
export function ownOrCloudOf(alias: string, schoolId: number): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.school_id`)} = ${schoolId} or ${cloudOf(alias, schoolId)})`;
}

/** The same rule on a loaded row, given the school's region (`regionOfSchool`). */
export function readsRow(
  row: { school_id: number | null; region_id: number | null },
  schoolId: number,
  regionId: number | null,
): boolean {
  if (row.school_id !== null) return row.school_id === schoolId;
  return row.region_id === null || row.region_id === regionId;
}
