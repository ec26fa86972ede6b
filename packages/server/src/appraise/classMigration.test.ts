import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/database';
import { databaseMigratedTo, DIALECTS } from '../test/fixtures';

/**
 * 0089 stores the class on each 综合评价 record and 学期评语: run on a database that stopped at 0088
 * with records in it, each row takes its student's class of that day.
 */
describe.each(DIALECTS)('migration 0089 on existing 综合评价 rows (%s)', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let migrateRest: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop, migrateRest } = await databaseMigratedTo(
      dialect,
      '0088_homework_word_scan_pages',
    ));
  });
  afterAll(() => drop());

  it('back-fills each record and 评语 with its student’s current class', async () => {
    // The rows of the older schema have no class_id, which today's database type requires.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const older = db as any;
    const one = async (table: string, values: Record<string, unknown>): Promise<number> =>
      (await older.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    const school = await one('schools', { code: 's1', name: '一中', created_at: 1 });
    const grade = await one('grades', {
      school_id: school,
      academic_year: 2026,
      name: '高一',
      grade_num: 10,
    });
    const [a, b] = [
      await one('classes', { grade_id: grade, name: '高一(1)班' }),
      await one('classes', { grade_id: grade, name: '高一(2)班' }),
    ];
    const student = (no: string, classId: number) =>
      one('students', {
        school_id: school,
        class_id: classId,
        student_no: no,
        name: no,
        tel: null,
      });
    const [first, second] = [await student('1', a), await student('2', b)];
    const subject = await one('subjects', { school_id: school, name: '语文', code: 'yw', sort: 1 });
    const item = await one('ability_items', {
      school_id: school,
      kind: 1,
      subject_id: subject,
      name: '阅读理解',
    });
    const key = { school_id: school, academic_year: 2026, term: 1 };
    for (const id of [first, second]) {
      await one('appraisal_records', {
        ...key,
        student_id: id,
        item_id: item,
        level: 'A',
        comment: '',
        recorded_by: 1,
        updated_at: 1,
      });
      await one('appraisal_comments', {
        ...key,
        student_id: id,
        comment: '认真',
        written_by: 1,
        updated_at: 1,
      });
    }

    await migrateRest();

    for (const table of ['appraisal_records', 'appraisal_comments'] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['student_id', 'class_id'])
        .orderBy('student_id')
        .execute();
      expect(rows, table).toEqual([
        { student_id: first, class_id: a },
        { student_id: second, class_id: b },
      ]);
    }
  });
});
