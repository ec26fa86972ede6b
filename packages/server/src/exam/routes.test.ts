import {
  examDownloads,
  examRoutes,
  type ExamDetail,
  type ExamSummary,
  type Page,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { createExam, gradeOf, MATH_QUESTIONS, type GradeInfo } from './testKit';

type PaperData = {
  state: string;
  paperEditable: boolean;
  subject: { id: number; paperMarks: number; answerKeyVersion: number; rescoreNeeded: boolean };
  questions: {
    id: number;
    fullNumber: string;
    answer: string | null;
    children: { id: number; fullNumber: string }[];
  }[];
};

describe.each(DIALECTS)('exams on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let admin: string;
  let lab: string;
  let grade: GradeInfo;

  beforeAll(async () => {
    admin = (await signIn(server.app, 'admin')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
  });

  const download = (url: string, token: string, query: Record<string, string | number> = {}) =>
    server.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: { token },
    });

  /** A draft exam with math's paper structure saved. */
  async function examWithPaper(
    name: string,
  ): Promise<{ exam: ExamDetail; mathId: number; physicsId: number }> {
    const exam = await createExam(server, admin, grade, { name });
    const mathId = exam.subjects[0]!.id;
    const physicsId = exam.subjects[1]!.id;
    const saved = await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: mathId, questions: MATH_QUESTIONS },
    });
    expect(saved.body.code).toBe(200);
    return { exam, mathId, physicsId };
  }

  it('creates a draft exam with subjects, classes and every student of them', async () => {
    const exam = await createExam(server, admin, grade, { name: '创建测试' });
    expect(exam).toMatchObject({
      name: '创建测试',
      examType: '期中',
      gradeId: grade.gradeId,
      gradeName: '高一',
      academicYear: 2026,
      examDate: '2026-11-10',
      state: 'draft',
      classCount: grade.classIds.length,
      studentCount: grade.students.length,
      allowedTransitions: ['sheet_ready', 'finished'],
      editable: { paper: true, sheet: true, delete: true },
    });
    expect(exam.subjects.map((s) => [s.subjectName, s.fullMarks, s.elective])).toEqual([
      ['数学', 30, false],
      ['物理', 20, true],
    ]);
    const stored = await server.db
      .selectFrom('exam_students')
      .selectAll()
      .where('exam_id', '=', exam.id)
      .execute();
    expect(stored.map((s) => s.exam_no).sort()).toEqual(
      grade.students.map((s) => s.studentNo).sort(),
    );
  });

  it('lists with filters (year, grade, type, keyword) and pages', async () => {
    await createExam(server, admin, grade, {
      name: '列表甲 周练',
      examType: '周练',
      examDate: '2026-10-01',
    });
    await createExam(server, admin, grade, {
      name: '列表乙 月测',
      examType: '月测',
      examDate: '2026-10-20',
    });
    const list = (body: Record<string, unknown>) =>
      call<Page<ExamSummary>>(server.app, examRoutes.list, { token: admin, body });
    const byType = await list({ examType: '周练', keyWord: '列表' });
    expect(byType.body.data.list.map((e) => e.name)).toEqual(['列表甲 周练']);
    const both = await list({ keyWord: '列表', gradeId: grade.gradeId });
    expect(both.body.data.list.map((e) => e.name)).toEqual(['列表乙 月测', '列表甲 周练']);
    expect(both.body.data.total).toBe(2);
    const paged = await list({ keyWord: '列表', pageSize: 1, currentPage: 2 });
    expect(paged.body.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.body.data.list.map((e) => e.name)).toEqual(['列表甲 周练']);
    expect((await list({ keyWord: '列表', academicYear: 2025 })).body.data.total).toBe(0);
    // A keyword's % is a character, not a wildcard.
    expect((await list({ keyWord: '%' })).body.data.total).toBe(0);
    // Another school sees none of them.
    const other = await call<Page<ExamSummary>>(server.app, examRoutes.list, {
      token: lab,
      body: { keyWord: '列表' },
    });
    expect(other.body.data.total).toBe(0);
  });

  it('refuses bad input with a reason and writes nothing', async () => {
    const before = await server.db.selectFrom('exams').select('id').execute();
    const labGrade = await gradeOf(server.db, server.seed.labSchoolId);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ examType: '期中考' }, /^请求参数错误：考试类型应为学前、周练.*之一$/],
      [{ examDate: '2026/11/10' }, '请求参数错误：考试日期格式不正确'],
      [{ classIds: labGrade.classIds }, '所选班级不属于该年级'],
      [{ gradeId: labGrade.gradeId }, '年级不存在'],
      [
        {
          subjects: [
            { subjectCode: '数学', subjectName: '数学', fullMarks: 150 },
            { subjectCode: '数学', subjectName: '数学', fullMarks: 100 },
          ],
        },
        '科目 数学 重复',
      ],
      [{ studentIds: [labGrade.students[0]!.id] }, '所选考生不在所选班级中'],
      [
        { electives: [{ studentId: grade.students[0]!.id, subjectCodes: ['数学'] }] },
        '科目 数学 不是选考科目',
      ],
    ];
    for (const [overrides, message] of cases) {
      const result = await call(server.app, examRoutes.create, {
        token: admin,
        body: {
          name: '坏考试',
          examType: '期中',
          gradeId: grade.gradeId,
          examDate: '2026-11-10',
          subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 150 }],
          classIds: grade.classIds,
          ...overrides,
        },
      });
      expect(result.status).toBe(400);
      expect(result.body.msg).toMatch(message);
    }
    expect(await server.db.selectFrom('exams').select('id').execute()).toEqual(before);
  });

  it("answers 404 for another school's exam and changes nothing", async () => {
    const { exam, mathId } = await examWithPaper('他校不可见');
    const attempts = [
      call(server.app, examRoutes.detail, { token: lab, body: { id: exam.id } }),
      call(server.app, examRoutes.update, { token: lab, body: { id: exam.id, name: '被改' } }),
      call(server.app, examRoutes.remove, { token: lab, body: { id: exam.id } }),
      call(server.app, examRoutes.transition, {
        token: lab,
        body: { id: exam.id, to: 'sheet_ready' },
      }),
      call(server.app, examRoutes.students, { token: lab, body: { id: exam.id } }),
      call(server.app, examRoutes.questionsGet, { token: lab, body: { examSubjectId: mathId } }),
      call(server.app, examRoutes.questionsSave, {
        token: lab,
        body: {
          examSubjectId: mathId,
          questions: [{ number: '1', kind: 'single', fullMarks: 30 }],
        },
      }),
      call(server.app, examRoutes.answerSave, {
        token: lab,
        body: { examSubjectId: mathId, answers: [{ questionId: 1, answer: 'A' }] },
      }),
      call(server.app, examRoutes.sheetSave, {
        token: lab,
        body: { examSubjectId: mathId, settings: {} },
      }),
      call(server.app, examRoutes.sheetGet, { token: lab, body: { examSubjectId: mathId } }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(404);
    }
    expect(
      (await download(examDownloads.sheetPdf, lab, { examSubjectId: mathId })).statusCode,
    ).toBe(404);
    expect(
      (await download(examDownloads.scoreTemplate, lab, { examSubjectId: mathId })).statusCode,
    ).toBe(404);
    const after = await call<ExamDetail>(server.app, examRoutes.detail, {
      token: admin,
      body: { id: exam.id },
    });
    expect(after.body.data).toMatchObject({ name: '他校不可见', state: 'draft' });
    expect(after.body.data.subjects[0]).toMatchObject({ questionCount: 6, hasSheet: false });
  });

  it('needs Exam-Single (a marker has only Exam-Wuhen) and a session', async () => {
    const grader = (await signIn(server.app, 'grader')).token;
    const list = await call(server.app, examRoutes.list, { token: grader, body: {} });
    expect(list).toMatchObject({ status: 403, body: { msg: '没有考试管理权限' } });
    const created = await call(server.app, examRoutes.create, {
      token: grader,
      body: {
        name: 'x',
        examType: '期中',
        gradeId: grade.gradeId,
        examDate: '2026-11-10',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 150 }],
        classIds: grade.classIds,
      },
    });
    expect(created.status).toBe(403);
    expect((await call(server.app, examRoutes.list, { body: {} })).status).toBe(401);
    expect((await download(examDownloads.questionTemplate, 'nope')).statusCode).toBe(401);
  });

  it('follows the data scope: teachers edit their subject, grade leaders manage their grade', async () => {
    const { exam, mathId, physicsId } = await examWithPaper('数据范围');
    const teacher = (await signIn(server.app, 'teacher')).token; // 数学, 高一
    const gradelead = (await signIn(server.app, 'gradelead')).token; // leads 高二
    const listed = await call<Page<ExamSummary>>(server.app, examRoutes.list, {
      token: teacher,
      body: { keyWord: '数据范围' },
    });
    expect(listed.body.data.total).toBe(1);
    const math = await call(server.app, examRoutes.questionsSave, {
      token: teacher,
      body: { examSubjectId: mathId, questions: MATH_QUESTIONS },
    });
    expect(math.body.code).toBe(200);
    const physics = await call(server.app, examRoutes.questionsSave, {
      token: teacher,
      body: {
        examSubjectId: physicsId,
        questions: [{ number: '1', kind: 'subjective', fullMarks: 20 }],
      },
    });
    expect(physics).toMatchObject({
      status: 403,
      body: { msg: '只有考试管理者或任教该科目的老师可以修改试卷和答题卡' },
    });
    const rename = await call(server.app, examRoutes.update, {
      token: teacher,
      body: { id: exam.id, name: '改名' },
    });
    expect(rename).toMatchObject({
      status: 403,
      body: { msg: '只有全校范围的角色或本年级的年级主任可以管理考试' },
    });

    const hidden = await call(server.app, examRoutes.detail, {
      token: gradelead,
      body: { id: exam.id },
    });
    expect(hidden).toMatchObject({
      status: 403,
      body: { msg: '超出数据范围：不是您所在年级的考试' },
    });
    const senior2 = await gradeOf(server.db, server.seed.demoSchoolId, '高二');
    const own = await createExam(server, gradelead, senior2, { name: '高二年级主任的考试' });
    expect(own.gradeName).toBe('高二');
    const notOwn = await call(server.app, examRoutes.create, {
      token: gradelead,
      body: {
        name: '越权',
        examType: '期中',
        gradeId: grade.gradeId,
        examDate: '2026-11-10',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 150 }],
        classIds: grade.classIds,
      },
    });
    expect(notOwn.status).toBe(403);
  });

  it('edits basics, subjects, participants and 选考 choices; refuses them once scanning', async () => {
    const exam = await createExam(server, admin, grade, { name: '编辑前' });
    const [first, second] = grade.students;
    const updated = await call<ExamDetail>(server.app, examRoutes.update, {
      token: admin,
      body: {
        id: exam.id,
        name: '编辑后',
        examType: '月测',
        examDate: '2026-12-01',
        subjects: [
          { id: exam.subjects[0]!.id, subjectCode: '数学', subjectName: '数学', fullMarks: 150 },
          { subjectCode: '化学', subjectName: '化学', fullMarks: 100, elective: true },
        ],
        studentIds: [first!.id, second!.id],
        electives: [{ studentId: first!.id, subjectCodes: ['化学'] }],
      },
    });
    expect(updated.body.code).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: '编辑后',
      examType: '月测',
      examDate: '2026-12-01',
      studentCount: 2,
    });
    expect(
      updated.body.data.subjects.map((s) => [
        s.id === exam.subjects[0]!.id,
        s.subjectName,
        s.fullMarks,
      ]),
    ).toEqual([
      [true, '数学', 150],
      [false, '化学', 100],
    ]);
    const students = await call<{ studentId: number; electives: string[] }[]>(
      server.app,
      examRoutes.students,
      {
        token: admin,
        body: { id: exam.id },
      },
    );
    expect(students.body.data.map((s) => [s.studentId, s.electives])).toEqual([
      [first!.id, ['化学']],
      [second!.id, []],
    ]);

    await server.db
      .updateTable('exams')
      .set({ state: 'scanning' })
      .where('id', '=', exam.id)
      .execute();
    const refused = await call(server.app, examRoutes.update, {
      token: admin,
      body: { id: exam.id, studentIds: [first!.id] },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { msg: '考试已开始扫描，不能修改科目、班级和考生' },
    });
    const renamed = await call(server.app, examRoutes.update, {
      token: admin,
      body: { id: exam.id, name: '扫描中改名' },
    });
    expect(renamed.body.code).toBe(200);
    const deleted = await call(server.app, examRoutes.remove, {
      token: admin,
      body: { id: exam.id },
    });
    expect(deleted).toMatchObject({ status: 400, body: { msg: '考试正在扫描或阅卷，不能删除' } });
  });

  it('lists the teachers of the exam subjects in its classes (project page for teachers)', async () => {
    const exam = await createExam(server, admin, grade, { name: '任课老师' });
    const result = await call<{ nickName: string; subjectName: string; className: string }[]>(
      server.app,
      examRoutes.teachers,
      { token: admin, body: { id: exam.id } },
    );
    expect(result.body.code).toBe(200);
    expect(result.body.data).toContainEqual(
      expect.objectContaining({ nickName: '李老师', subjectName: '数学', className: '高一(1)班' }),
    );
    expect(result.body.data.every((t) => ['数学', '物理'].includes(t.subjectName))).toBe(true);
  });

  it('deletes a draft exam with everything in it', async () => {
    const { exam, mathId } = await examWithPaper('待删除');
    const result = await call(server.app, examRoutes.remove, {
      token: admin,
      body: { id: exam.id },
    });
    expect(result.body.code).toBe(200);
    expect(
      await server.db.selectFrom('exams').select('id').where('id', '=', exam.id).execute(),
    ).toEqual([]);
    expect(
      await server.db
        .selectFrom('exam_questions')
        .select('id')
        .where('exam_subject_id', '=', mathId)
        .execute(),
    ).toEqual([]);
    const again = await call(server.app, examRoutes.detail, {
      token: admin,
      body: { id: exam.id },
    });
    expect(again.status).toBe(404);
  });

  it('walks the state machine: preconditions, allowed steps, backward steps, refusals', async () => {
    const { exam, mathId, physicsId } = await examWithPaper('状态流转');
    const to = (state: string) =>
      call<ExamDetail>(server.app, examRoutes.transition, {
        token: admin,
        body: { id: exam.id, to: state },
      });

    expect((await to('scanning')).body.msg).toBe('考试状态不能从“草稿”变为“扫描中”');
    expect((await to('sheet_ready')).body.msg).toBe('科目数学还没有保存答题卡');
    await call(server.app, examRoutes.sheetSave, {
      token: admin,
      body: { examSubjectId: mathId, settings: {} },
    });
    expect((await to('sheet_ready')).body.msg).toBe('科目物理还没有录入试卷结构');
    await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: {
        examSubjectId: physicsId,
        questions: [{ number: '1', kind: 'subjective', fullMarks: 15 }],
      },
    });
    await call(server.app, examRoutes.sheetSave, {
      token: admin,
      body: { examSubjectId: physicsId, settings: {} },
    });
    expect((await to('sheet_ready')).body.msg).toBe('科目物理的试卷总分 15 与满分 20 不一致');
    await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: {
        examSubjectId: physicsId,
        questions: [{ number: '1', kind: 'subjective', fullMarks: 20 }],
      },
    });
    const ready = await to('sheet_ready');
    expect(ready.body.data).toMatchObject({
      state: 'sheet_ready',
      allowedTransitions: ['scanning', 'draft', 'finished'],
    });

    const frozen = await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: mathId, questions: MATH_QUESTIONS },
    });
    expect(frozen.body.msg).toBe('答题卡已制作完成，请先退回草稿再修改试卷结构');
    expect((await to('draft')).body.data.state).toBe('draft');
    expect((await to('sheet_ready')).body.data.state).toBe('sheet_ready');
    expect((await to('scanning')).body.data.state).toBe('scanning');

    const scanning = await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: mathId, questions: MATH_QUESTIONS },
    });
    expect(scanning).toMatchObject({
      status: 400,
      body: { msg: '考试已开始扫描，不能修改试卷结构' },
    });
    const sheet = await call(server.app, examRoutes.sheetSave, {
      token: admin,
      body: { examSubjectId: mathId, settings: {} },
    });
    expect(sheet.body.msg).toBe('考试已开始扫描，不能修改答题卡');

    expect((await to('marking')).body.data.state).toBe('marking');
    expect((await to('finished')).body.data.state).toBe('finished');
    expect((await to('published')).body.data.state).toBe('published');
    const locked = await call(server.app, examRoutes.update, {
      token: admin,
      body: { id: exam.id, name: '改' },
    });
    expect(locked.body.msg).toBe('成绩报告已发布，请先撤回报告再修改');
    expect((await to('finished')).body.data.state).toBe('finished');
  });

  it('saves the paper structure keeping question ids and returns the tree', async () => {
    const { mathId } = await examWithPaper('试卷结构');
    const get = await call<PaperData>(server.app, examRoutes.questionsGet, {
      token: admin,
      body: { examSubjectId: mathId },
    });
    expect(get.body.data.subject).toMatchObject({ paperMarks: 30, answerKeyVersion: 1 });
    expect(get.body.data.questions.map((q) => q.fullNumber)).toEqual(['1', '2', '3', '4', '5']);
    expect(get.body.data.questions[4]!.children.map((c) => c.fullNumber)).toEqual(['5(1)', '5(2)']);
    const ids = get.body.data.questions.map((q) => q.id);

    const changed = MATH_QUESTIONS.slice(0, 4).concat([
      { number: '6', kind: 'subjective', fullMarks: 12 },
    ]);
    const saved = await call<PaperData>(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: mathId, questions: changed },
    });
    expect(saved.body.data.questions.slice(0, 4).map((q) => q.id)).toEqual(ids.slice(0, 4));
    expect(saved.body.data.questions.map((q) => q.fullNumber)).toEqual(['1', '2', '3', '4', '6']);
    const rows = await server.db
      .selectFrom('exam_questions')
      .select('id')
      .where('exam_subject_id', '=', mathId)
      .execute();
    expect(rows).toHaveLength(5);

    const bad = await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: {
        examSubjectId: mathId,
        questions: [{ number: '1', kind: 'single', fullMarks: 5, answer: 'Z' }],
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { msg: '第 1 题只有 4 个选项（A–D），答案“Z”超出范围' },
    });
  });

  it('parses pasted rows and the .xlsx template into questions without saving', async () => {
    const pasted = await call<{ questions: unknown[]; errors: unknown[] }>(
      server.app,
      examRoutes.questionsParse,
      {
        token: admin,
        body: { text: '1\t\t单选\t5\t4\tA\n2\t\t多选\t5\t4\tAB\t2' },
      },
    );
    expect(pasted.body.data.errors).toEqual([]);
    expect(pasted.body.data.questions).toHaveLength(2);
    const template = await download(examDownloads.questionTemplate, admin);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const fromFile = await call<{ questions: { number: string }[]; errors: unknown[] }>(
      server.app,
      examRoutes.questionsParse,
      {
        token: admin,
        body: { file: template.rawPayload.toString('base64') },
      },
    );
    expect(fromFile.body.data.errors).toEqual([]);
    expect(fromFile.body.data.questions.map((q) => q.number)).toEqual(['1', '2', '3', '4', '5']);
    const neither = await call(server.app, examRoutes.questionsParse, { token: admin, body: {} });
    expect(neither.status).toBe(400);
    const garbage = await call(server.app, examRoutes.questionsParse, {
      token: admin,
      body: { file: Buffer.from('not a spreadsheet').toString('base64') },
    });
    expect(garbage.body.msg).toBe('文件无法读取，请上传 .xlsx 格式的 Excel 文件');
  });

  it('changes an answer key after scanning: version bumped, objective scores re-scored, totals follow', async () => {
    const { exam, mathId } = await examWithPaper('改答案');
    const paper = await call<PaperData>(server.app, examRoutes.questionsGet, {
      token: admin,
      body: { examSubjectId: mathId },
    });
    const [q1, q2] = paper.body.data.questions;
    const student = grade.students[0]!.id;
    const now = server.clock.now().getTime();
    // As scanning would write them: B on 1 (right, 5), AC on 2 (subset, 3).
    await server.db
      .insertInto('exam_scores')
      .values([
        {
          exam_subject_id: mathId,
          question_id: q1!.id,
          student_id: student,
          score: 5,
          source: 'objective',
          answer: 'B',
          updated_at: now,
        },
        {
          exam_subject_id: mathId,
          question_id: q2!.id,
          student_id: student,
          score: 3,
          source: 'objective',
          answer: 'AC',
          updated_at: now,
        },
      ])
      .execute();
    await server.db
      .insertInto('exam_subject_totals')
      .values({
        exam_subject_id: mathId,
        student_id: student,
        score: 8,
        absent: 0,
        updated_at: now,
      })
      .execute();
    await server.db
      .updateTable('exams')
      .set({ state: 'marking' })
      .where('id', '=', exam.id)
      .execute();

    const saved = await call<PaperData>(server.app, examRoutes.answerSave, {
      token: admin,
      body: {
        examSubjectId: mathId,
        answers: [
          { questionId: q1!.id, answer: 'c' },
          { questionId: q2!.id, answer: 'AC' },
        ],
      },
    });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.subject).toMatchObject({ answerKeyVersion: 2, rescoreNeeded: false });
    expect(saved.body.data.questions.slice(0, 2).map((q) => q.answer)).toEqual(['C', 'AC']);
    const scores = await server.db
      .selectFrom('exam_scores')
      .select(['question_id', 'score'])
      .where('student_id', '=', student)
      .where('exam_subject_id', '=', mathId)
      .orderBy('question_id')
      .execute();
    expect(scores.map((s) => s.score)).toEqual([0, 6]);
    const total = await server.db
      .selectFrom('exam_subject_totals')
      .select('score')
      .where('exam_subject_id', '=', mathId)
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    expect(total.score).toBe(6);

    const notObjective = await call(server.app, examRoutes.answerSave, {
      token: admin,
      body: {
        examSubjectId: mathId,
        answers: [{ questionId: paper.body.data.questions[3]!.id, answer: 'A' }],
      },
    });
    expect(notObjective.body.msg).toBe('第 4 题不是客观题，不能设置答案');
  });

  it('saves the answer sheet with its template and downloads the PDF', async () => {
    const { exam, mathId } = await examWithPaper('答题卡');
    const empty = await call<{ saved: boolean; design: { paper: { questions: unknown[] } } }>(
      server.app,
      examRoutes.sheetGet,
      {
        token: admin,
        body: { examSubjectId: mathId },
      },
    );
    expect(empty.body.data.saved).toBe(false);
    expect(empty.body.data.design.paper.questions).toHaveLength(5);
    // 考号位数 defaults to the length of the exam's exam numbers (the demo's 10), not 8.
    const digits = Math.max(...grade.students.map((s) => s.studentNo.length));
    expect(digits).toBe(10);
    expect(empty.body.data).toMatchObject({
      examNumberLength: 10,
      design: { settings: { examNumCount: 10 } },
    });
    const byDefault = await call(server.app, examRoutes.sheetSave, {
      token: admin,
      body: { examSubjectId: mathId, settings: {}, overrides: {} },
    });
    expect(byDefault.body.code).toBe(200);
    const laidOut = await call<{ template: { examNumCount: number } }>(
      server.app,
      examRoutes.sheetGet,
      { token: admin, body: { examSubjectId: mathId } },
    );
    expect(laidOut.body.data.template.examNumCount).toBe(10);

    const saved = await call<{ pageCount: number }>(server.app, examRoutes.sheetSave, {
      token: admin,
      body: {
        examSubjectId: mathId,
        settings: { isHen: 1, column: 2, examNumCount: 12 },
        overrides: {},
      },
    });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.pageCount).toBeGreaterThan(0);
    const got = await call<{
      saved: boolean;
      design: { settings: unknown };
      template: { paperSize: string; examNumCount: number };
    }>(server.app, examRoutes.sheetGet, { token: admin, body: { examSubjectId: mathId } });
    expect(got.body.data).toMatchObject({
      saved: true,
      design: { settings: { isHen: 1, column: 2, examNumCount: 12 } },
      template: { paperSize: 'A3', examNumCount: 12 },
    });

    const bad = await call(server.app, examRoutes.sheetSave, {
      token: admin,
      body: { examSubjectId: mathId, settings: { isHen: 7 } },
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: '答题卡设置“纸张”的值无效' } });

    const pdf = await download(examDownloads.sheetPdf, admin, { examSubjectId: mathId });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="___-__-___.pdf"; filename*=UTF-8''${encodeURIComponent('答题卡-数学-答题卡.pdf')}`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const student = grade.students[0]!;
    const personal = await download(examDownloads.sheetPdf, admin, {
      examSubjectId: mathId,
      examNo: student.studentNo,
    });
    expect(personal.statusCode).toBe(200);
    expect(
      decodeURIComponent(String(personal.headers['content-disposition']).split("''")[1]!),
    ).toBe(`答题卡-数学-答题卡-${student.name}.pdf`);
    const stranger = await download(examDownloads.sheetPdf, admin, {
      examSubjectId: mathId,
      examNo: '99999999',
    });
    expect(stranger.statusCode).toBe(404);
    expect((await download(examDownloads.sheetPdf, admin, { examSubjectId: 'x' })).statusCode).toBe(
      400,
    );
    expect(exam.id).toBeGreaterThan(0);
  });

  it('answers the identity the saved sheet’s QR code holds, for the designer to preview', async () => {
    const { mathId } = await examWithPaper('答题卡二维码');
    type Got = {
      identity: string | null;
      template: { elements: { kind: string; payload?: string }[] } | null;
    };
    const get = async () =>
      (
        await call<Got>(server.app, examRoutes.sheetGet, {
          token: admin,
          body: { examSubjectId: mathId },
        })
      ).body.data;
    const save = async (settings: Record<string, unknown>) => {
      const r = await call<{ identity: string }>(server.app, examRoutes.sheetSave, {
        token: admin,
        body: { examSubjectId: mathId, settings, overrides: {} },
      });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data.identity;
    };
    expect((await get()).identity).toBeNull();

    const identity = await save({ isHiddenQrcode: false });
    expect(identity).toMatch(new RegExp(`^EK1\\|${mathId}\\|[0-9a-f]{8}$`));
    const got = await get();
    expect(got.identity).toBe(identity);
    const printed = got.template?.elements.filter((e) => e.kind === 'qrcode') ?? [];
    expect(printed.map((e) => e.payload)).toEqual([identity]);

    // A new title moves nothing the recogniser reads; another exam-number length does.
    expect(await save({ isHiddenQrcode: false, answerSheetTitle: '期中答题卡' })).toBe(identity);
    const moved = await save({ isHiddenQrcode: false, examNumCount: 12 });
    expect(moved).not.toBe(identity);
    expect((await get()).identity).toBe(moved);
  });
});
