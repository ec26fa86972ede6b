import {
  homeworkPaperRoutes,
  homeworkRoutes,
  type HomeworkDetail,
  type PaperRecord,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import {
  assignHomework,
  gradeOnePair,
  homeworkCallers,
  TEST_PAPER_PDF,
  TEST_QUESTIONS,
  type HomeworkPair,
} from './testKit';

const routes = { ...homeworkRoutes, ...homeworkPaperRoutes };

describe.each(DIALECTS)('试卷记录 and 单题编辑 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let math: HomeworkPair;
  let chinese: HomeworkPair;
  let school: number;
  let seq = 0;

  /** A homework made by the admin from an uploaded paper, with the test's three questions. */
  async function paperHomework(pair: HomeworkPair, split = true): Promise<number> {
    seq += 1;
    const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: `试卷作业${seq}`,
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      paper: { fileName: `卷${seq}.pdf`, contentBase64: TEST_PAPER_PDF },
      idempotencyKey: `paper-${dialect}-${seq}`,
    });
    if (split) await ok('admin', 'splitConfirm', { id, questions: TEST_QUESTIONS });
    return id;
  }

  const edit = (who: string, body: Record<string, unknown>) =>
    as<HomeworkDetail>(who, 'questionEdit', {
      label: '3',
      type: 'subjective',
      answer: null,
      fullMarks: 10,
      ...body,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    math = await gradeOnePair(ok, 'admin', '数学');
    chinese = await gradeOnePair(ok, 'admin', '语文');
    school = server.seed.demoSchoolId;
  });
  afterAll(() => server.close());

  it('answers the record of an uploaded paper: file size, questions, scans and hand-ins', async () => {
    const id = await paperHomework(math);
    const record = await ok<PaperRecord>('admin', 'paperRecord', { id, schoolId: school });
    expect(record.schoolId).toBe(school);
    expect(record.homework).toMatchObject({ id, state: 'ready', paperKind: 'pdf' });
    expect(record.homework.paperName).toMatch(/^卷\d+\.pdf$/);
    expect(record.paperBytes).toBe(Buffer.from(TEST_PAPER_PDF, 'base64').length);
    expect(record).toMatchObject({
      objectiveCount: 2,
      subjectiveCount: 1,
      scanPages: 0,
      submissions: 0,
    });
    // A hand-in recorded for it is counted.
    await assignHomework(ok, id, [math.targets[0]!.id], 20);
    const student = await server.db
      .selectFrom('students')
      .select(['id', 'class_id'])
      .where('class_id', '=', math.targets[0]!.id)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('homework_submissions')
      .values({
        homework_id: id,
        school_id: school,
        student_id: student.id,
        class_id: student.class_id,
        status: 'submitted',
        source: 'manual',
        image_key: null,
        score: null,
        submitted_at: 1,
        corrected_by: null,
        corrected_at: null,
        updated_at: 1,
      })
      .execute();
    const after = await ok<PaperRecord>('admin', 'paperRecord', { id, schoolId: school });
    expect(after.submissions).toBe(1);
    expect(after.homework.state).toBe('assigned');
  });

  it('refuses another school, a wrong school in the address and a teacher outside the subject', async () => {
    const id = await paperHomework(chinese);
    // The other school's admin, with either school in the address: as missing.
    for (const schoolId of [school, school + 1000])
      expect((await as('lab-admin', 'paperRecord', { id, schoolId })).body).toMatchObject({
        code: 404,
        msg: '作业不存在',
      });
    // The right homework with another school's id in the address.
    expect((await as('admin', 'paperRecord', { id, schoolId: school + 1000 })).body.code).toBe(404);
    // 高一语文 is not the demo teacher's subject.
    expect((await as('teacher', 'paperRecord', { id, schoolId: school })).body.code).toBe(404);
    expect((await edit('teacher', { id, no: 3 })).body.code).toBe(404);
    expect((await edit('lab-admin', { id, no: 3 })).body.code).toBe(404);
  });

  it('edits one question, checking the whole list, until the homework is assigned', async () => {
    const id = await paperHomework(math);
    const changed = await ok<HomeworkDetail>('admin', 'questionEdit', {
      id,
      no: 2,
      label: '2',
      type: 'objective',
      answer: 'ca',
      fullMarks: 6.5,
    });
    expect(changed.questions.map((q) => [q.label, q.type, q.answer, q.fullMarks])).toEqual([
      ['1', 'objective', 'A', 5],
      ['2', 'objective', 'AC', 6.5],
      ['3', 'subjective', null, 10],
    ]);
    expect(changed.fullMarks).toBe(21.5);
    // A 题号 another question has, a subjective question with a key, a missing question.
    expect((await edit('admin', { id, no: 3, label: '1' })).body).toMatchObject({
      code: 400,
      msg: '第 3 题（题号 1）：题号重复',
    });
    expect((await edit('admin', { id, no: 3, answer: 'B' })).body.msg).toBe(
      '第 3 题（题号 3）：主观题不填答案，由老师批改',
    );
    expect((await edit('admin', { id, no: 9 })).body).toMatchObject({
      code: 404,
      msg: '题目不存在',
    });
    // Nothing changed by the refusals.
    const detail = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id });
    expect(detail.questions.map((q) => q.label)).toEqual(['1', '2', '3']);
    // Once assigned, the type is fixed (the printed sheet has bubbles or a box for it).
    await assignHomework(ok, id, [math.targets[0]!.id], 10);
    expect(
      (await edit('admin', { id, no: 3, type: 'objective', answer: 'A', fullMarks: 12 })).body,
    ).toMatchObject({ code: 400, msg: '作业已布置，题型不能再修改（答题卡已印发）' });
  });

  it('refuses a paper record and question edit for homework not made from a paper', async () => {
    const id = await paperHomework(math);
    await server.db
      .updateTable('homeworks')
      .set({ paper_kind: 'bank' })
      .where('id', '=', id)
      .execute();
    expect((await as('admin', 'paperRecord', { id, schoolId: school })).body).toMatchObject({
      code: 400,
      msg: '该作业不是由上传的试卷生成的，没有试卷记录',
    });
    expect((await edit('admin', { id, no: 3 })).body).toMatchObject({
      code: 400,
      msg: '只有上传试卷生成的作业和教辅章节可以单独编辑题目',
    });
  });
});
