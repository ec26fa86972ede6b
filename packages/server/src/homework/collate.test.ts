import {
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  homeworkCollateRoutes,
  homeworkDownloadRoutes,
  homeworkRoutes,
  type CollateRow,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../test/fixtures';
import {
  addOuterClass,
  assignedHomework,
  downloadedSheetRows,
  gradeOnePair,
  homeworkCallers,
} from './testKit';

const routes = {
  ...homeworkRoutes,
  ...homeworkCollateRoutes,
  ...homeworkDownloadRoutes,
  ...downloadRoutes,
};

describe.each(DIALECTS)('作业整理 and 下载助手 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll, tokens } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let otherClass: number;
  let mine: { id: number; name: string; student_no: string }[];
  let others: { id: number }[];

  const hand = async (studentId: number, klass: number, status: string) =>
    server.db
      .insertInto('homework_submissions')
      .values({
        homework_id: homeworkId,
        school_id: server.seed.demoSchoolId,
        student_id: studentId,
        class_id: klass,
        status,
        source: 'manual',
        image_key: null,
        score: null,
        submitted_at: TEST_NOW.getTime(),
        corrected_by: null,
        corrected_at: null,
        updated_at: TEST_NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  const list = (who: string, show: 'open' | 'all') =>
    as<CollateRow[]>(who, 'collateList', { show });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin', 'gradelead');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    classId = pair.targets.find((t) => t.kind === 'class')!.id;
    otherClass = await addOuterClass(server, pair.gradeId);
    const studentsOf = (id: number) =>
      server.db
        .selectFrom('students')
        .select(['id', 'name', 'student_no'])
        .where('class_id', '=', id)
        .orderBy('student_no')
        .execute();
    mine = await studentsOf(classId);
    others = await studentsOf(otherClass);
    homeworkId = await assignedHomework(ok, {
      name: '函数整理',
      pair,
      classIds: [classId, otherClass],
      idempotencyKey: `collate-${dialect}`,
    });
    const first = await hand(mine[0]!.id, classId, 'finished');
    await server.db
      .insertInto('homework_answers')
      .values(
        [
          [1, 5],
          [2, 2.5],
          [3, 7],
        ].map(([no, score]) => ({
          submission_id: first.id,
          question_no: no!,
          answer: null,
          crop_key: null,
          score: score!,
          judgement: score === 5 ? 'right' : 'wrong',
          adjustment: null,
          review: 0,
          corrected_by: null,
          corrected_at: null,
        })),
      )
      .execute();
    await server.db
      .updateTable('homework_submissions')
      .set({ score: 14.5 })
      .where('id', '=', first.id)
      .execute();
    await hand(mine[1]!.id, classId, 'submitted');
    for (const s of others) await hand(s.id, otherClass, 'finished');
  });
  afterAll(() => server?.close());

  it('collates a class: who has not handed in, what waits for correction', async () => {
    const r = await list('teacher', 'all');
    expect(r.body.code).toBe(200);
    const rows = r.body.data.filter((x) => x.homeworkId === homeworkId);
    // The teacher corrects their own class only: 高一(9)班 is not theirs.
    expect(rows.map((x) => x.classId)).toEqual([classId]);
    expect(rows[0]).toMatchObject({
      homeworkName: '函数整理',
      gradeName: '高一',
      subjectName: '数学',
      expected: mine.length,
      submitted: 2,
      toCorrect: 1,
      corrected: 1,
      overdue: false,
      dueAt: TEST_NOW.getTime() + 86_400_000,
    });
    expect(rows[0]!.missing).toEqual(
      mine.slice(2).map((s) => ({ studentNo: s.student_no, name: s.name })),
    );
  });

  it('shows only open rows unless asked for all', async () => {
    const open = (await list('admin', 'open')).body.data.filter((x) => x.homeworkId === homeworkId);
    // 高一(9)班 handed in everything and it is corrected: not open.
    expect(open.map((x) => x.classId)).toEqual([classId]);
    const all = (await list('admin', 'all')).body.data.filter((x) => x.homeworkId === homeworkId);
    expect(all.map((x) => x.classId).sort((a, b) => a - b)).toEqual(
      [classId, otherClass].sort((a, b) => a - b),
    );
    expect(all.find((x) => x.classId === otherClass)).toMatchObject({
      expected: 2,
      submitted: 2,
      toCorrect: 0,
      missing: [],
    });
  });

  it('keeps another school out and needs 作业批改', async () => {
    const other = await list('lab-admin', 'all');
    expect(other.body.code).toBe(200);
    expect(other.body.data.map((x) => x.homeworkId)).not.toContain(homeworkId);
    // 年级主任 of the demo school has 作业分析 but not 作业批改.
    expect((await list('gradelead', 'all')).body.code).toBe(403);
  });

  it('下载助手: the 成绩单 as a download-centre job, over the caller’s students only', async () => {
    const { jobId } = await ok<{ jobId: number }>('teacher', 'scoresJob', { id: homeworkId });
    await expect
      .poll(
        async () => (await ok<{ state: string }>('teacher', 'downloadStatus', { jobId })).state,
        { timeout: 20_000 },
      )
      .toBe('done');
    const job = await ok<{ title: string; fileName: string; kind: string }>(
      'teacher',
      'downloadStatus',
      { jobId },
    );
    expect(job).toMatchObject({
      kind: 'report',
      title: '函数整理-作业成绩单',
      fileName: '函数整理-作业成绩单.xlsx',
    });
    const rows = await downloadedSheetRows(
      server,
      `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      tokens.teacher!,
    );
    expect(rows[0]).toEqual([
      '学号',
      '姓名',
      '班级',
      '状态',
      '来源',
      '得分',
      '第1题（5分）',
      '第2题（5分）',
      '第3题（10分）',
    ]);
    expect(rows[1]!.slice(0, 9)).toEqual([
      mine[0]!.student_no,
      mine[0]!.name,
      expect.any(String),
      '已批改',
      '录入',
      '14.5',
      '5',
      '2.5',
      '7',
    ]);
    expect(rows[2]![3]).toBe('待批改');
    expect(rows[3]![3]).toBe('未提交');
    // Only the teacher's class: 高一(9)班's students are not in it.
    expect(rows.length - 1).toBe(mine.length);
    expect(rows.flat()).not.toContain('外班学生1');
    // Another school's admin: the homework answers as missing, no job.
    expect((await as('lab-admin', 'scoresJob', { id: homeworkId })).body.code).toBe(404);
  });
});
