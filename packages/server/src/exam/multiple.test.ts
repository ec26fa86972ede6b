import { examBatchRoutes, type ExamSummary } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { gradeOf } from './testKit';

type Batch = { exams: ExamSummary[]; created: boolean };

describe.each(DIALECTS)('多科考试 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let g1: number;
  let g2: number;

  const create = (who: string, body: Record<string, unknown>) =>
    call<Batch>(server.app, examBatchRoutes.createMultiple, {
      token: tokens[who] ?? '',
      body: {
        name: '多科联测',
        examType: '月测',
        examDate: '2026-11-12',
        subjects: [
          { subjectCode: '数学', subjectName: '数学', fullMarks: 150 },
          { subjectCode: '语文', subjectName: '语文', fullMarks: 150 },
          { subjectCode: '英语', subjectName: '英语', fullMarks: 100 },
        ],
        ...body,
      },
    });
  const countNamed = async (name: string) =>
    (await server.db.selectFrom('exams').select('id').where('name', '=', name).execute()).length;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const who of ['admin', 'gradelead', 'lab-admin'])
      tokens[who] = (await signIn(server.app, who)).token;
    g1 = (await gradeOf(server.db, server.seed.demoSchoolId, '高一')).gradeId;
    g2 = (await gradeOf(server.db, server.seed.demoSchoolId, '高二')).gradeId;
  });
  afterAll(() => server.close());

  it('creates one draft exam per grade with every subject, class and student', async () => {
    const r = await create('admin', { idempotencyKey: 'batch-0001', gradeIds: [g2, g1] });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.created).toBe(true);
    expect(
      r.body.data.exams.map((e) => [
        e.name,
        e.gradeName,
        e.examType,
        e.examDate,
        e.state,
        e.subjects.map((s) => `${s.subjectName}${s.fullMarks}`).join(','),
        e.classCount,
        e.studentCount,
      ]),
    ).toEqual([
      ['多科联测', '高一', '月测', '2026-11-12', 'draft', '数学150,语文150,英语100', 1, 5],
      ['多科联测', '高二', '月测', '2026-11-12', 'draft', '数学150,语文150,英语100', 1, 5],
    ]);
  });

  it('a retry with the same key answers the same exams and creates nothing', async () => {
    const first = await create('admin', {
      idempotencyKey: 'batch-0002',
      name: '重试测试',
      gradeIds: [g1, g2],
    });
    const again = await create('admin', {
      idempotencyKey: 'batch-0002',
      name: '重试测试',
      gradeIds: [g1, g2],
    });
    expect(again.body.code).toBe(200);
    expect(again.body.data.created).toBe(false);
    expect(again.body.data.exams.map((e) => e.id)).toEqual(first.body.data.exams.map((e) => e.id));
    expect(await countNamed('重试测试')).toBe(2);
    // Concurrent retries: still two exams.
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        create('admin', { idempotencyKey: 'batch-0003', name: '并发测试', gradeIds: [g1, g2] }),
      ),
    );
    expect(racing.map((r) => r.body.code)).toEqual([200, 200, 200]);
    expect(racing.filter((r) => r.body.data.created)).toHaveLength(1);
    expect(await countNamed('并发测试')).toBe(2);
  });

  it('all or none: a grade without students creates no exam in the others', async () => {
    const { id: empty } = await server.db
      .insertInto('grades')
      .values({
        school_id: server.seed.demoSchoolId,
        academic_year: 2026,
        name: '初一',
        grade_num: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('classes').values({ grade_id: empty, name: '初一(1)班' }).execute();
    const r = await create('admin', {
      idempotencyKey: 'batch-0004',
      name: '原子测试',
      gradeIds: [g1, empty],
    });
    expect([r.body.code, r.body.msg]).toEqual([400, '初一还没有学生']);
    expect(await countNamed('原子测试')).toBe(0);
  });

  it('refuses grades the caller does not manage, another school’s grades and repeated subjects', async () => {
    // 年级主任 of 高二 manages 高二 only.
    const lead = await create('gradelead', {
      idempotencyKey: 'batch-0005',
      name: '越权测试',
      gradeIds: [g1, g2],
    });
    expect(lead.body.code).toBe(403);
    const own = await create('gradelead', {
      idempotencyKey: 'batch-0006',
      name: '越权测试',
      gradeIds: [g2],
    });
    expect(own.body.code).toBe(200);
    expect(await countNamed('越权测试')).toBe(1);
    const foreign = await create('lab-admin', {
      idempotencyKey: 'batch-0007',
      name: '外校测试',
      gradeIds: [g1],
    });
    expect([foreign.body.code, foreign.body.msg]).toEqual([400, '年级不存在']);
    // The other school's key space is its own: the demo's key is not the lab's batch.
    const labKey = await create('lab-admin', {
      idempotencyKey: 'batch-0001',
      name: '外校测试',
      gradeIds: [g1],
    });
    expect(labKey.body.code).toBe(400);
    const twice = await create('admin', {
      idempotencyKey: 'batch-0008',
      gradeIds: [g1],
      subjects: [
        { subjectCode: '数学', subjectName: '数学', fullMarks: 150 },
        { subjectCode: '数学', subjectName: '数学', fullMarks: 100 },
      ],
    });
    expect([twice.body.code, twice.body.msg]).toEqual([400, '科目 数学 重复']);
  });
});
