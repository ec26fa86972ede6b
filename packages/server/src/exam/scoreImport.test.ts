import { examDownloads, examRoutes, type ExamDetail } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import {
  createExam,
  gradeOf,
  MATH_QUESTIONS,
  readXlsx,
  xlsxBase64,
  type GradeInfo,
} from './testKit';

const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];

describe.each(DIALECTS)('score import on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let admin: string;
  let grade: GradeInfo;

  beforeAll(async () => {
    admin = (await signIn(server.app, 'admin')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
  });

  async function mathExam(name: string): Promise<{ exam: ExamDetail; mathId: number }> {
    const exam = await createExam(server, admin, grade, {
      name,
      subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
    });
    const mathId = exam.subjects[0]!.id;
    await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: mathId, questions: MATH_QUESTIONS },
    });
    return { exam, mathId };
  }

  const importFile = async (examSubjectId: number, rows: (string | number | null)[][]) =>
    call<{ imported: number; absent: number; unchanged: number }>(
      server.app,
      examRoutes.scoreImport,
      {
        token: admin,
        body: { examSubjectId, file: await xlsxBase64(rows) },
      },
    );

  const stored = async (examSubjectId: number) => {
    const [scores, totals] = await Promise.all([
      server.db
        .selectFrom('exam_scores')
        .select(['student_id', 'question_id', 'score', 'source', 'updated_at'])
        .where('exam_subject_id', '=', examSubjectId)
        .orderBy('student_id')
        .orderBy('question_id')
        .execute(),
      server.db
        .selectFrom('exam_subject_totals')
        .select(['student_id', 'score', 'absent', 'updated_at'])
        .where('exam_subject_id', '=', examSubjectId)
        .orderBy('student_id')
        .execute(),
    ]);
    return { scores, totals };
  };

  it('downloads a template: 考号/学号, 姓名, each scored question; one row a participant', async () => {
    const { mathId } = await mathExam('模板');
    const response = await server.app.inject({
      method: 'GET',
      url: `${examDownloads.scoreTemplate}?examSubjectId=${mathId}`,
      headers: { token: admin },
    });
    expect(response.statusCode).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(grade.students.map((s) => s.studentNo).sort());
  });

  it('imports scores and totals, records 缺考, and a re-import changes nothing', async () => {
    const { exam, mathId } = await mathExam('导入');
    const [a, b, c] = grade.students;
    const rows = [
      HEADER,
      [a!.studentNo, a!.name, 5, 3, 2, 4, 4, 7.5],
      [b!.studentNo, '', 0, 0, 0, 0, 0, 0],
      [c!.studentNo, c!.name, null, null, null, null, null, null],
    ];
    const first = await importFile(mathId, rows);
    expect(first.body).toMatchObject({ code: 200, data: { imported: 2, absent: 1, unchanged: 0 } });
    const after = await stored(mathId);
    expect(after.scores.filter((s) => s.student_id === a!.id).map((s) => s.score)).toEqual([
      5, 3, 2, 4, 4, 7.5,
    ]);
    expect(after.scores.every((s) => s.source === 'import')).toBe(true);
    expect(after.totals.map((t) => [t.student_id, t.score, t.absent])).toEqual([
      [a!.id, 25.5, 0],
      [b!.id, 0, 0],
      [c!.id, null, 1],
    ]);

    server.clock.advance(60_000);
    const again = await importFile(mathId, rows);
    expect(again.body.data).toEqual({ imported: 2, absent: 1, unchanged: 3 });
    expect(await stored(mathId)).toEqual(after);

    // A corrected row changes only that student.
    server.clock.advance(60_000);
    const fixed = await importFile(mathId, [HEADER, [a!.studentNo, a!.name, 5, 6, 2, 4, 4, 7.5]]);
    expect(fixed.body.data).toEqual({ imported: 1, absent: 0, unchanged: 0 });
    const changed = await stored(mathId);
    expect(changed.totals.find((t) => t.student_id === a!.id)?.score).toBe(28.5);
    expect(changed.totals.find((t) => t.student_id === b!.id)).toEqual(
      after.totals.find((t) => t.student_id === b!.id),
    );

    // The import path to reports: draft → finished once every subject has scores.
    const finished = await call<ExamDetail>(server.app, examRoutes.transition, {
      token: admin,
      body: { id: exam.id, to: 'finished' },
    });
    expect(finished.body.data.state).toBe('finished');
  });

  it('imports the students’ choices from <题号>选项 columns, checked against the options', async () => {
    const { mathId } = await mathExam('选项');
    const [a, b] = grade.students;
    const header = [...HEADER, '1选项', '2选项', '3选项'];
    const bad = await importFile(mathId, [
      header,
      [a!.studentNo, a!.name, 5, 3, 2, 4, 4, 7.5, 'E', 'ac', 'T'],
      [b!.studentNo, b!.name, 0, 0, 0, 0, 0, 0, 'AB', '', 'x'],
    ]);
    expect((bad.body.data as unknown as { errors: unknown[] }).errors).toEqual([
      { row: 2, key: a!.studentNo, message: '第 1 题选项“E”不是 A/B/C/D' },
      {
        row: 3,
        key: b!.studentNo,
        message: '第 1 题只能选一个选项；第 3 题选项“x”不是 T/F',
      },
    ]);
    const okRows = [
      header,
      [a!.studentNo, a!.name, 5, 3, 2, 4, 4, 7.5, 'b', 'c, a', 'T'],
      [b!.studentNo, b!.name, 0, 0, 0, 0, 0, 0, 'A', '', 'F'],
    ];
    expect((await importFile(mathId, okRows)).body.code).toBe(200);
    const answers = await server.db
      .selectFrom('exam_scores as s')
      .innerJoin('exam_questions as q', 'q.id', 's.question_id')
      .select(['s.student_id', 'q.number', 's.answer'])
      .where('s.exam_subject_id', '=', mathId)
      .where('q.number', 'in', ['1', '2', '3', '4'])
      .orderBy('s.student_id')
      .orderBy('q.number')
      .execute();
    // upper case, in option order; '' for a blank; null where the file had no choice column
    expect(answers.map((x) => [x.student_id, x.number, x.answer])).toEqual([
      [a!.id, '1', 'B'],
      [a!.id, '2', 'AC'],
      [a!.id, '3', 'T'],
      [a!.id, '4', null],
      [b!.id, '1', 'A'],
      [b!.id, '2', ''],
      [b!.id, '3', 'F'],
      [b!.id, '4', null],
    ]);
    // a column for a question that is not objective is refused
    const fill = await importFile(mathId, [[...HEADER, '4选项'], okRows[1]!]);
    expect((fill.body.data as unknown as { errors: unknown[] }).errors).toEqual([
      { row: 1, message: '第 9 列“4选项”不是本科目客观题的选项列' },
    ]);
  });

  it('reports every bad row with its reason and writes nothing', async () => {
    const { mathId } = await mathExam('坏行');
    const [a, b] = grade.students;
    const result = await importFile(mathId, [
      HEADER,
      [a!.studentNo, a!.name, 5, 3, 2, 4, 4, 7],
      ['20269999', '无名', 1, 1, 1, 1, 1, 1],
      [b!.studentNo, b!.name, 6, 3, 2, 4, 4, 7],
      [b!.studentNo, b!.name, 5, 3, 2, 4, 4, 7],
      [grade.students[2]!.studentNo, '张冠李戴', 5, 3, 2, 4, 4, 7],
      [grade.students[3]!.studentNo, grade.students[3]!.name, 'abc', 3, 2, null, 4, 7],
    ]);
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe('导入失败：5 处错误，未导入任何成绩');
    expect((result.body.data as unknown as { errors: unknown[] }).errors).toEqual([
      { row: 3, key: '20269999', message: '不是本场考试该科目的考生' },
      { row: 4, key: b!.studentNo, message: '第 1 题成绩 6 超过满分 5' },
      { row: 5, key: b!.studentNo, message: '考生重复（第 4 行已有）' },
      {
        row: 6,
        key: grade.students[2]!.studentNo,
        message: `姓名“张冠李戴”与考号不符（应为${grade.students[2]!.name}）`,
      },
      {
        row: 7,
        key: grade.students[3]!.studentNo,
        message: '第 1 题成绩“abc”不是数字；第 4 题未填写成绩',
      },
    ]);
    expect(await stored(mathId)).toEqual({ scores: [], totals: [] });
  });

  it('refuses a header that does not match the paper, a non-xlsx file, and the wrong state', async () => {
    const { exam, mathId } = await mathExam('表头');
    const header = await importFile(mathId, [
      ['考号/学号', '姓名', '1', '2', '9'],
      [grade.students[0]!.studentNo, '', 1, 1, 1],
    ]);
    expect((header.body.data as unknown as { errors: unknown[] }).errors).toEqual([
      { row: 1, message: '第 5 列“9”不是本科目的题号' },
      { row: 1, message: '缺少题号列：3、4、5(1)、5(2)' },
    ]);
    const garbage = await call(server.app, examRoutes.scoreImport, {
      token: admin,
      body: { examSubjectId: mathId, file: Buffer.from('hello').toString('base64') },
    });
    expect(garbage.body.msg).toBe('文件无法读取，请上传 .xlsx 格式的 Excel 文件');
    await server.db
      .updateTable('exams')
      .set({ state: 'marking' })
      .where('id', '=', exam.id)
      .execute();
    const marking = await importFile(mathId, [HEADER]);
    expect(marking).toMatchObject({
      status: 400,
      body: { msg: '考试正在扫描或阅卷，不能导入成绩' },
    });
  });

  it("answers 404 for another school's subject and writes nothing", async () => {
    const { mathId } = await mathExam('他校导入');
    const lab = (await signIn(server.app, 'lab-admin')).token;
    const result = await call(server.app, examRoutes.scoreImport, {
      token: lab,
      body: {
        examSubjectId: mathId,
        file: await xlsxBase64([HEADER, [grade.students[0]!.studentNo, '', 1, 1, 1, 1, 1, 1]]),
      },
    });
    expect(result.status).toBe(404);
    expect(await stored(mathId)).toEqual({ scores: [], totals: [] });
  });

  it('only takes the students of a 选考 subject', async () => {
    const [a, b] = grade.students;
    const exam = await createExam(server, admin, grade, {
      name: '选考导入',
      subjects: [{ subjectCode: '物理', subjectName: '物理', fullMarks: 10, elective: true }],
      electives: [{ studentId: a!.id, subjectCodes: ['物理'] }],
    });
    const physicsId = exam.subjects[0]!.id;
    await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: {
        examSubjectId: physicsId,
        questions: [{ number: '1', kind: 'subjective', fullMarks: 10 }],
      },
    });
    const result = await importFile(physicsId, [
      ['考号/学号', '姓名', '1'],
      [a!.studentNo, '', 8],
      [b!.studentNo, '', 7],
    ]);
    expect((result.body.data as unknown as { errors: unknown[] }).errors).toEqual([
      { row: 3, key: b!.studentNo, message: '不是本场考试该科目的考生' },
    ]);
  });
});
