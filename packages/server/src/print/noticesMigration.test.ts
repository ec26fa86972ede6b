import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/database';
import { databaseMigratedTo, DIALECTS } from '../test/fixtures';

/**
 * 0021 moves the 试卷印好 notices a school already had into messages: run on a database that
 * stopped at 0020 with notices in it, each teacher finds theirs as an unread print_ready message.
 */
describe.each(DIALECTS)('migration 0021 on existing notices (%s)', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let migrateRest: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop, migrateRest } = await databaseMigratedTo(dialect, '0020_exam_tool'));
  });
  afterAll(() => drop());

  it('turns each notice into one unread message for its teacher and drops the old table', async () => {
    // The tables of the older schema are not in today's database type.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const older = db as any;
    const one = async (table: string, values: Record<string, unknown>): Promise<number> =>
      (await older.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    const school = await one('schools', { code: 's1', name: '一中', created_at: 1 });
    const user = (login: string) =>
      one('users', {
        school_id: school,
        login_name: login,
        password_hash: 'x',
        nick_name: login,
        created_at: 1,
      });
    const [wang, li] = [await user('wang'), await user('li')];
    const grade = await one('grades', {
      school_id: school,
      academic_year: 2026,
      name: '高一',
      grade_num: 10,
    });
    const exam = await one('exams', {
      school_id: school,
      academic_year: 2026,
      grade_id: grade,
      exam_type: '1',
      name: '期中考试',
      exam_date: '2026-11-01',
      state: 'draft',
      created_by: wang,
      created_at: 1,
      updated_at: 1,
    });
    const notice = (user_id: number, title: string, created_at: number) =>
      one('exam_print_notices', {
        school_id: school,
        user_id,
        exam_id: exam,
        title,
        body: '试卷已印好，请到文印室领取',
        link: `/exam/print?examId=${exam}`,
        created_at,
      });
    await notice(wang, '期中考试 数学 试卷已印好', 100);
    await notice(li, '期中考试 语文 试卷已印好', 200);

    await migrateRest();

    const rows = await db
      .selectFrom('messages as m')
      .innerJoin('message_receipts as r', 'r.message_id', 'm.id')
      .select(['m.kind', 'm.title', 'm.link', 'm.created_at', 'r.user_id', 'r.read_at'])
      .orderBy('m.created_at')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'print_ready',
        title: '期中考试 数学 试卷已印好',
        link: `/exam/print?examId=${exam}`,
        created_at: expect.anything(),
        user_id: wang,
        read_at: null,
      },
      {
        kind: 'print_ready',
        title: '期中考试 语文 试卷已印好',
        link: `/exam/print?examId=${exam}`,
        created_at: expect.anything(),
        user_id: li,
        read_at: null,
      },
    ]);
    expect(rows.map((r) => Number(r.created_at))).toEqual([100, 200]);
    await expect(older.selectFrom('exam_print_notices').selectAll().execute()).rejects.toThrow();
  });
});
