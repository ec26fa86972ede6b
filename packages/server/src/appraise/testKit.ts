import { downloadRoutes } from '@examkit/contracts';
import { afterAll, beforeAll } from 'vitest';
import { namedCalls, startTestServer, type DialectName, type TestServer } from '../test/fixtures';

/**
 * 综合评价's server tests (docs/appraise.md) on the demo school: 李老师 (teacher) teaches 数学 in
 * 高一(1)(2)班, the 班主任 (head) leads 高一(1)班; the demo seeds 语文's items and levels of
 * 高一(1)班, the set-up adds two 数学 items. Started before the enclosing `describe`'s tests,
 * closed after; `setUp()` gives the ids the set-up read.
 */
export function appraiseSuite(dialect: DialectName) {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const classIds: Record<string, number> = {};
  let math: number;
  let chinese: number;
  let mathItems: number[];
  let chineseItem: number;
  let labClass: number;

  const { answer, ok, signInAll } = namedCalls(() => server, tokens);
  const stored = async () =>
    (
      await server.db
        .selectFrom('appraisal_records')
        .select(['student_id', 'item_id', 'level', 'comment', 'term'])
        .where('item_id', 'in', mathItems)
        .orderBy('student_id')
        .orderBy('item_id')
        .execute()
    ).map((x) => ({ ...x }));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    await signInAll('teacher', 'head', 'admin', 'lab-admin');
    const classes = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.school_id'])
      .execute();
    for (const c of classes) if (c.school_id === schoolId) classIds[c.name] = c.id;
    labClass = classes.find((c) => c.school_id === server.seed.labSchoolId)!.id;
    const subject = async (name: string) =>
      (
        await db
          .selectFrom('subjects')
          .select('id')
          .where('school_id', '=', schoolId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    math = await subject('数学');
    chinese = await subject('语文');
    mathItems = [];
    for (const name of ['运算能力', '逻辑推理'])
      mathItems.push(
        (
          await db
            .insertInto('ability_items')
            .values({ school_id: schoolId, kind: 1, subject_id: math, name })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    chineseItem = (
      await db
        .selectFrom('ability_items')
        .select('id')
        .where('subject_id', '=', chinese)
        .where('kind', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  async function finishedJob(who: string, jobId: number) {
    for (let i = 0; i < 600; i++) {
      const job = await ok(who, downloadRoutes.downloadStatus, { jobId });
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('job did not finish');
  }

  return {
    tokens,
    classIds,
    answer,
    ok,
    stored,
    finishedJob,
    setUp: () => ({ server, math, chinese, mathItems, chineseItem, labClass }),
  };
}
