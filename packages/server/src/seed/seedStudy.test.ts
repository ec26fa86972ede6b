import {
  homeworkReportRoutes,
  teachingRoutes,
  teachResearchRoutes,
  type DataOf,
  type KnowledgeStatistics,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { DEMO_HOMEWORK, seedHomework } from './seedHomework';
import { DEMO_ONLINE_HOMEWORK, seedHomeworkOnline } from './seedHomeworkOnline';
import { DEMO_STUDY_EXAMS, DEMO_STUDY_HOMEWORK, seedStudy } from './seedStudy';

type StudentRecord = DataOf<typeof teachingRoutes.studentRecord>;

describe.each(DIALECTS)('the demo’s record over time on %s', (dialect) => {
  const files = createMemoryFileStore();
  const server = sharedTestServer(dialect, { files });
  let token: string;
  beforeAll(async () => {
    await seedHomework(server.db, files, { clock: server.clock });
    await seedHomeworkOnline(server.db, files, { clock: server.clock });
    await seedStudy(server.db, files, { clock: server.clock });
    // Again: idempotent, nothing added twice.
    await seedStudy(server.db, files, { clock: server.clock });
    ({ token } = await signIn(server.app, 'admin'));
  });

  it('adds two finished 月测 with scores and one corrected homework, once', async () => {
    const exams = await server.db
      .selectFrom('exams')
      .select(['name', 'state', 'exam_type'])
      .where(
        'name',
        'in',
        DEMO_STUDY_EXAMS.map((e) => e.name),
      )
      .orderBy('exam_date')
      .execute();
    expect(exams).toEqual(
      DEMO_STUDY_EXAMS.map((e) => ({ name: e.name, state: 'finished', exam_type: '月测' })),
    );
    const homework = await server.db
      .selectFrom('homeworks')
      .select('id')
      .where('name', '=', DEMO_STUDY_HOMEWORK)
      .execute();
    expect(homework).toHaveLength(1);
    const subs = await server.db
      .selectFrom('homework_submissions')
      .select(['status', 'score'])
      .where('homework_id', '=', homework[0]!.id)
      .orderBy('id')
      .execute();
    // Every hand-in corrected; the first: C and A right (10) and 7 for question 3.
    expect(subs.every((s) => s.status === 'finished')).toBe(true);
    expect(Number(subs[0]!.score)).toBe(17);
  });

  it('tags the homework’s questions with the bank’s points, so its 知识点统计 has figures', async () => {
    const { id } = await server.db
      .selectFrom('homeworks')
      .select('id')
      .where('name', '=', DEMO_STUDY_HOMEWORK)
      .executeTakeFirstOrThrow();
    const stats = await call<KnowledgeStatistics>(
      server.app,
      homeworkReportRoutes.knowledgeStatistics,
      {
        token,
        body: { id, classId: null, teachingClassId: null },
      },
    );
    expect(stats.body.code, JSON.stringify(stats.body)).toBe(200);
    // The small school's five hand-ins: questions 1 and 2 right 3 times (15 of 25 each),
    // question 3 7 + 9 + 4 + 10 + 3 = 33 of 50.
    expect(stats.body.data).toEqual({
      untagged: 0,
      points: [
        { name: '指数与对数', questionNos: [1, 2, 3], fullMarks: 20, scoreRate: 0.63, wrong: 8 },
        { name: '一元二次不等式', questionNos: [3], fullMarks: 10, scoreRate: 0.66, wrong: 4 },
      ],
    });
  });

  it('follows the first student of 高一(1)班 across three exams and two homeworks', async () => {
    const first = await server.db
      .selectFrom('homework_submissions as s')
      .innerJoin('homeworks as h', 'h.id', 's.homework_id')
      .select('s.student_id')
      .where('h.name', '=', DEMO_STUDY_HOMEWORK)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    const record = await call<StudentRecord>(server.app, teachingRoutes.studentRecord, {
      token,
      body: { studentId: first.student_id },
    });
    expect(record.body.code, JSON.stringify(record.body)).toBe(200);
    const names = record.body.data.exams.map((e) => e.examName);
    expect(names.slice(0, 2)).toEqual(DEMO_STUDY_EXAMS.map((e) => e.name));
    expect(names).toHaveLength(3);
    // Oldest first; the demo's other assigned homework is not handed in yet.
    expect(record.body.data.homework.map((h) => [h.name, h.score, h.status])).toEqual([
      [DEMO_STUDY_HOMEWORK, 17, 'finished'],
      [DEMO_ONLINE_HOMEWORK, 18, 'finished'],
      [DEMO_HOMEWORK.assigned, null, 'not_submitted'],
    ]);
  });

  it('波动趋势 of 高一 finds students whose percentile swings', async () => {
    const grade = await server.db
      .selectFrom('exams')
      .select('grade_id')
      .where('name', '=', DEMO_STUDY_EXAMS[0].name)
      .executeTakeFirstOrThrow();
    const res = await call<DataOf<typeof teachResearchRoutes.fluctuation>>(
      server.app,
      teachResearchRoutes.fluctuation,
      { token, body: { gradeId: grade.grade_id, examCount: 5, basis: 'percentile', swing: 20 } },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.students.length).toBeGreaterThan(0);
  });
});
