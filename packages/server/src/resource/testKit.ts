import type { Db } from '../core/database';

/**
 * A top-level 高中 knowledge point for a resource test's questions: shared by every school (or
 * the school's own with `schoolId`), 数学 (`math`) unless `subjectCode` says otherwise; its id.
 */
export async function addPoint(
  db: Db,
  name: string,
  options: { subjectCode?: string; schoolId?: number | null } = {},
): Promise<number> {
  const row = await db
    .insertInto('knowledge_points')
    .values({
      school_id: options.schoolId ?? null,
      subject_code: options.subjectCode ?? 'math',
      stage: 3,
      parent_id: null,
      name,
      ord: 0,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
