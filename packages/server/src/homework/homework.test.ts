import {
  homeworkRoutes,
  type AssignCheck,
  type HomeworkDetail,
  type HomeworkSummary,
  type Page,
} from '@examkit/contracts';
import type { ChatProvider } from '../ai/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DIALECTS,
  signIn,
  startTestServer,
  TEST_NOW,
  type TestServer,
} from '../test/fixtures';
import { demoGradeOneMath } from '../seed/queries';
import { homeworkCallers, TEST_PAPER_PDF as PDF } from './testKit';

/** A draft homework of the demo 高一 数学 with the test paper, made by the admin (`token`); its id. */
async function draftGradeOneMath(
  server: TestServer,
  token: string,
  body: { name: string; idempotencyKey: string },
): Promise<number> {
  const { grade, subject } = (await demoGradeOneMath(server.db, 'admin'))!;
  const created = await call<{ id: number }>(server.app, homeworkRoutes.homeworkCreate, {
    token,
    body: {
      name: body.name,
      gradeId: grade.id,
      subjectId: subject!.id,
      paper: { fileName: 'a.pdf', contentBase64: PDF },
      idempotencyKey: body.idempotencyKey,
    },
  });
  return created.body.data.id;
}

const HOUR = 3_600_000;
const DUE = TEST_NOW.getTime() + 24 * HOUR;
const QUESTIONS = [
  { label: '1', type: 'objective', answer: 'a', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'db', fullMarks: 5 },
  { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
];

describe.each(DIALECTS)('校本作业 on %s', (dialect) => {
  let server: TestServer;
  const { as, signInAll } = homeworkCallers(homeworkRoutes, () => server);
  let academicYear: number;
  let math: number;
  let chinese: number;
  let g1: { gradeId: number; classIds: number[] };
  const made: Record<string, { gradeId: number; classIds: number[] }> = {};
  let keySeq = 0;

  /** A grade of the demo school with classes of three students each. */
  async function addGrade(name: string, gradeNum: number, classes: number) {
    const demo = server.seed.demoSchoolId;
    const { id: gradeId } = await server.db
      .insertInto('grades')
      .values({ school_id: demo, academic_year: academicYear, name, grade_num: gradeNum })
      .returning('id')
      .executeTakeFirstOrThrow();
    const classIds: number[] = [];
    for (let c = 1; c <= classes; c++) {
      const { id } = await server.db
        .insertInto('classes')
        .values({ grade_id: gradeId, name: `${name}(${c})班` })
        .returning('id')
        .executeTakeFirstOrThrow();
      classIds.push(id);
      await server.db
        .insertInto('students')
        .values(
          [1, 2, 3].map((n) => ({
            school_id: demo,
            class_id: id,
            student_no: `${gradeNum}${c}0${n}`.padStart(10, '9'),
            name: `学生${gradeNum}${c}${n}`,
            tel: null,
          })),
        )
        .execute();
    }
    return { gradeId, classIds };
  }

  async function create(who: string, gradeId: number, subjectId = math, name = '练习') {
    const r = await as<{ id: number }>(who, 'homeworkCreate', {
      name,
      gradeId,
      subjectId,
      paper: { fileName: '练习.pdf', contentBase64: PDF },
      idempotencyKey: `key-${dialect}-${++keySeq}`,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id;
  }
  async function ready(who: string, gradeId: number, subjectId = math, name = '练习') {
    const id = await create(who, gradeId, subjectId, name);
    const r = await as<HomeworkDetail>(who, 'splitConfirm', { id, questions: QUESTIONS });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return id;
  }
  const assign = (who: string, id: number, extra: Record<string, unknown>) =>
    as<HomeworkDetail>(who, 'assign', {
      id,
      classIds: [],
      teachingClassIds: [],
      dueAt: DUE,
      estimatedMinutes: 30,
      confirmOverLimit: false,
      ...extra,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const demo = server.seed.demoSchoolId;
    const grade = await server.db
      .selectFrom('grades')
      .select(['id', 'academic_year'])
      .where('school_id', '=', demo)
      .where('name', '=', '高一')
      .orderBy('academic_year', 'desc')
      .executeTakeFirstOrThrow();
    academicYear = grade.academic_year;
    const classes = await server.db
      .selectFrom('classes')
      .select('id')
      .where('grade_id', '=', grade.id)
      .orderBy('id')
      .execute();
    g1 = { gradeId: grade.id, classIds: classes.map((c) => c.id) };
    const subjects = await server.db
      .selectFrom('subjects')
      .select(['id', 'name'])
      .where('school_id', '=', demo)
      .execute();
    math = subjects.find((s) => s.name === '数学')!.id;
    chinese = subjects.find((s) => s.name === '语文')!.id;
    made.two = await addGrade('二年级', 2, 1);
    made.four = await addGrade('四年级', 4, 2);
    made.eight = await addGrade('八年级', 8, 1);
  });
  afterAll(() => server.close());

  it('creates from an uploaded PDF once per key, refuses a file that is not a PDF or image', async () => {
    const body = {
      name: '第一章练习',
      gradeId: g1.gradeId,
      subjectId: math,
      paper: { fileName: '第一章.pdf', contentBase64: PDF },
      idempotencyKey: `retry-${dialect}-1`,
    };
    const first = await as<{ id: number }>('admin', 'homeworkCreate', body);
    const again = await as<{ id: number }>('admin', 'homeworkCreate', body);
    expect(first.body.code).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const detail = await as<HomeworkDetail>('admin', 'homeworkDetail', { id: first.body.data.id });
    expect(detail.body.data).toMatchObject({
      name: '第一章练习',
      state: 'draft',
      paperKind: 'pdf',
    });
    const text = await as('admin', 'homeworkCreate', {
      ...body,
      paper: { fileName: '假的.pdf', contentBase64: Buffer.from('hello').toString('base64') },
      idempotencyKey: `retry-${dialect}-2`,
    });
    expect(text.body).toMatchObject({ code: 400, msg: '作业原卷只能是 PDF、PNG 或 JPG 文件' });
  });

  it('split-confirm saves the question list with keys and marks; bad lists are refused and nothing changes', async () => {
    const id = await create('admin', g1.gradeId);
    const noKey = await as('admin', 'splitConfirm', {
      id,
      questions: [{ label: '1', type: 'objective', answer: null, fullMarks: 5 }],
    });
    expect(noKey.body).toMatchObject({ code: 400, msg: '第 1 题（题号 1）：客观题需要填写答案' });
    const twice = await as('admin', 'splitConfirm', {
      id,
      questions: [QUESTIONS[2], QUESTIONS[2]],
    });
    expect(twice.body.msg).toBe('第 2 题（题号 3）：题号重复');
    expect((await as<HomeworkDetail>('admin', 'homeworkDetail', { id })).body.data.state).toBe(
      'draft',
    );
    const r = await as<HomeworkDetail>('admin', 'splitConfirm', { id, questions: QUESTIONS });
    expect(r.body.data.state).toBe('ready');
    expect(r.body.data.fullMarks).toBe(20);
    expect(r.body.data.questions.map((q) => q.answer)).toEqual(['A', 'BD', null]);
  });

  it('assigns to a class and a teaching class; lists them; refuses assigning a target twice', async () => {
    const id = await ready('admin', g1.gradeId, math, '函数作业');
    const demo = server.seed.demoSchoolId;
    const { id: tcId } = await server.db
      .insertInto('teaching_classes')
      .values({
        school_id: demo,
        grade_id: g1.gradeId,
        subject_id: math,
        name: '数学提高班',
        teacher_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = await server.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', g1.classIds[0]!)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('teaching_class_students')
      .values({ teaching_class_id: tcId, student_id: student.id })
      .execute();
    const r = await assign('admin', id, { classIds: [g1.classIds[0]], teachingClassIds: [tcId] });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.state).toBe('assigned');
    expect(
      r.body.data.assignments.map((a) => [a.kind, a.name, a.dueAt, a.estimatedMinutes]),
    ).toEqual([
      ['class', '高一(1)班', DUE, 30],
      ['teachingClass', '数学提高班', DUE, 30],
    ]);
    expect(r.body.data.assignments[1]!.studentCount).toBe(1);
    const page = await as<Page<HomeworkSummary>>('admin', 'homeworkPage', {
      pageNum: 1,
      pageSize: 20,
      keyWord: '函数',
    });
    expect(page.body.code, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({
      state: 'assigned',
      targets: ['高一(1)班', '数学提高班'],
    });
    const again = await assign('admin', id, { classIds: [g1.classIds[0]] });
    expect(again.body).toMatchObject({ code: 400, msg: '已布置给高一(1)班，不能重复布置' });
    const draft = await create('admin', g1.gradeId);
    expect((await assign('admin', draft, { classIds: [g1.classIds[0]] })).body.msg).toBe(
      '请先确认拆题，再布置作业',
    );
    const past = await assign('admin', await ready('admin', g1.gradeId), {
      classIds: [g1.classIds[0]],
      dueAt: TEST_NOW.getTime() - HOUR,
    });
    expect(past.body.msg).toBe('截止时间必须晚于现在');
  });

  it('keeps a teacher to their classes and subjects', async () => {
    const options = await as<
      { gradeName: string; subjectName: string; targets: { name: string }[] }[]
    >('teacher', 'homeworkOptions', {});
    expect(options.body.code).toBe(200);
    const pairs = options.body.data.map((o) => `${o.gradeName}${o.subjectName}`);
    expect(pairs).toContain('高一数学');
    expect(pairs).not.toContain('高一语文');
    expect(pairs).not.toContain('四年级数学');
    // 语文 of 高一 is not theirs: neither creating nor reading it.
    const refused = await as('teacher', 'homeworkCreate', {
      name: '语文',
      gradeId: g1.gradeId,
      subjectId: chinese,
      paper: { fileName: 'a.pdf', contentBase64: PDF },
      idempotencyKey: `teacher-${dialect}-1`,
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '年级或科目不存在，或不在您的任教范围' });
    const adminChinese = await ready('admin', g1.gradeId, chinese, '语文默写');
    expect((await as('teacher', 'homeworkDetail', { id: adminChinese })).body.code).toBe(404);
    const list = await as<Page<HomeworkSummary>>('teacher', 'homeworkPage', {
      pageNum: 1,
      pageSize: 100,
    });
    expect(list.body.data.list.map((h) => h.subjectName)).not.toContain('语文');
    // Their own homework, to a class of the grade they do not teach: answers as missing.
    const mine = await ready('teacher', g1.gradeId);
    const other = made.four!.classIds[0];
    expect((await assign('teacher', mine, { classIds: [other] })).body).toMatchObject({
      code: 404,
      msg: '班级不存在',
    });
  });

  it('refuses another school’s homework as missing', async () => {
    const id = await ready('admin', g1.gradeId);
    for (const route of ['homeworkDetail', 'homeworkRemove'] as const)
      expect((await as('lab-admin', route, { id })).body.code).toBe(404);
    const page = await as<Page<HomeworkSummary>>('lab-admin', 'homeworkPage', {
      pageNum: 1,
      pageSize: 100,
    });
    expect(page.body.data.list.map((h) => h.id)).not.toContain(id);
    expect((await assign('lab-admin', id, { classIds: [g1.classIds[0]] })).body.code).toBe(404);
  });

  it('双减: no written homework for 一、二年级', async () => {
    const r = await as('admin', 'homeworkCreate', {
      name: '口算',
      gradeId: made.two!.gradeId,
      subjectId: math,
      paper: { fileName: 'a.pdf', contentBase64: PDF },
      idempotencyKey: `two-${dialect}`,
    });
    expect(r.body).toMatchObject({
      code: 400,
      msg: '根据“双减”规定，一、二年级不布置书面作业，不能布置该作业',
    });
    // A homework that reached grade 2 otherwise (its grade changed) is still not assigned.
    const id = await ready('admin', made.four!.gradeId);
    await server.db
      .updateTable('homeworks')
      .set({ grade_id: made.two!.gradeId })
      .where('id', '=', id)
      .execute();
    const assigned = await assign('admin', id, { classIds: made.two!.classIds });
    expect(assigned.body.msg).toBe('根据“双减”规定，一、二年级不布置书面作业，不能布置该作业');
  });

  it('双减: warns past 60 minutes a day in 四年级 over all subjects, assigns only when confirmed', async () => {
    const [c1, c2] = made.four!.classIds;
    const first = await ready('admin', made.four!.gradeId, math, '数学口算');
    expect((await assign('admin', first, { classIds: [c1], estimatedMinutes: 40 })).body.code).toBe(
      200,
    );
    const second = await ready('admin', made.four!.gradeId, chinese, '语文生字');
    const body = {
      id: second,
      classIds: [c1, c2],
      teachingClassIds: [],
      dueAt: DUE,
      estimatedMinutes: 30,
    };
    const check = await as<AssignCheck>('admin', 'assignCheck', body);
    expect(
      check.body.data.loads.map((l) => [l.className, l.assignedMinutes, l.totalMinutes, l.over]),
    ).toEqual([
      ['四年级(1)班', 40, 70, true],
      ['四年级(2)班', 0, 30, false],
    ]);
    expect(check.body.data.loads[0]!.items).toEqual([
      { name: '数学口算', subjectName: '数学', minutes: 40 },
    ]);
    const warning =
      '根据“双减”规定，该年级每天书面作业总时长不超过 60 分钟。布置后 四年级(1)班当天作业预计 70 分钟，已超过上限，请确认是否仍要布置。';
    expect(check.body.data.warning).toBe(warning);
    const unconfirmed = await assign('admin', second, { classIds: [c1, c2] });
    expect(unconfirmed.body).toMatchObject({ code: 400, msg: warning });
    expect(
      (await as<HomeworkDetail>('admin', 'homeworkDetail', { id: second })).body.data.state,
    ).toBe('ready');
    const confirmed = await assign('admin', second, { classIds: [c1, c2], confirmOverLimit: true });
    expect(confirmed.body.data.state).toBe('assigned');
    // Homework assigned on another day does not count.
    await server.db
      .updateTable('homework_assignments')
      .set({ day: '2000-01-01' })
      .where('homework_id', 'in', [first, second])
      .execute();
    const third = await ready('admin', made.four!.gradeId, math, '次日作业');
    const next = await as<AssignCheck>('admin', 'assignCheck', { ...body, id: third });
    expect(next.body.data.loads.map((l) => l.assignedMinutes)).toEqual([0, 0]);
  });

  it('双减: a teaching class counts in its students’ classes; 八年级 is warned past 90 minutes', async () => {
    const [c1] = made.eight!.classIds;
    const demo = server.seed.demoSchoolId;
    const { id: tcId } = await server.db
      .insertInto('teaching_classes')
      .values({
        school_id: demo,
        grade_id: made.eight!.gradeId,
        subject_id: math,
        name: '八年级数学走班',
        teacher_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const students = await server.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', c1!)
      .execute();
    await server.db
      .insertInto('teaching_class_students')
      .values({ teaching_class_id: tcId, student_id: students[0]!.id })
      .execute();
    const first = await ready('admin', made.eight!.gradeId);
    expect(
      (await assign('admin', first, { teachingClassIds: [tcId], estimatedMinutes: 60 })).body.code,
    ).toBe(200);
    const second = await ready('admin', made.eight!.gradeId, chinese);
    const within = await as<AssignCheck>('admin', 'assignCheck', {
      id: second,
      classIds: [c1],
      teachingClassIds: [],
      dueAt: DUE,
      estimatedMinutes: 30,
    });
    expect(within.body.data.loads[0]).toMatchObject({
      assignedMinutes: 60,
      totalMinutes: 90,
      limit: 90,
      over: false,
    });
    expect(within.body.data.warning).toBeNull();
    const past = await as<AssignCheck>('admin', 'assignCheck', {
      id: second,
      classIds: [c1],
      teachingClassIds: [],
      dueAt: DUE,
      estimatedMinutes: 31,
    });
    expect(past.body.data.loads[0]!.over).toBe(true);
    // 高中 has no daily limit.
    const high = await ready('admin', g1.gradeId);
    const none = await as<AssignCheck>('admin', 'assignCheck', {
      id: high,
      classIds: [g1.classIds[0]],
      teachingClassIds: [],
      dueAt: DUE,
      estimatedMinutes: 240,
    });
    expect(none.body.data.loads[0]).toMatchObject({ limit: null, over: false });
  });

  it('ai-split-confirm says a model is needed when none is configured', async () => {
    const id = await create('admin', g1.gradeId);
    const r = await as('admin', 'aiSplit', { id, text: '1. 下列各数中最大的是（ ）A.1 B.2' });
    expect(r.body).toMatchObject({
      code: 400,
      msg: 'AI 拆题需要配置 AI 模型，当前未配置，请手动录入题目',
    });
  });

  it('removes a homework that is not assigned; an assigned one stays', async () => {
    const id = await create('admin', g1.gradeId);
    expect((await as('admin', 'homeworkRemove', { id })).body.code).toBe(200);
    expect((await as('admin', 'homeworkDetail', { id })).body.code).toBe(404);
    const assigned = await ready('admin', g1.gradeId);
    expect((await assign('admin', assigned, { classIds: [g1.classIds[0]] })).body.code).toBe(200);
    expect((await as('admin', 'homeworkRemove', { id: assigned })).body).toMatchObject({
      code: 400,
      msg: '作业已布置，不能删除',
    });
  });
});

describe.each(DIALECTS)('AI 拆题 with a model on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  const sent: string[] = [];
  let reply = '';
  const provider: ChatProvider = {
    model: 'fake',
    async chat(request) {
      sent.push(request.messages.map((m) => m.content).join('\n'));
      return {
        content: reply,
        toolCalls: [],
        promptTokens: 1,
        completionTokens: 1,
        finishReason: 'stop',
      };
    },
  };
  beforeAll(async () => {
    server = await startTestServer(dialect, { ai: provider });
    token = (await signIn(server.app, 'admin')).token;
  });
  afterAll(() => server.close());

  it('asks the model for the split from the paper text and answers its proposal, saving nothing', async () => {
    const demo = server.seed.demoSchoolId;
    await server.db
      .updateTable('ai_access')
      .set({ enabled: 1 })
      .where('school_id', '=', demo)
      .execute();
    const id = await draftGradeOneMath(server, token, {
      name: 'AI 拆题',
      idempotencyKey: `ai-${dialect}-1`,
    });
    reply =
      '好的：[{"label":"1","type":"objective","answer":"B","fullMarks":5},{"label":"2","type":"subjective","answer":null,"fullMarks":12},{"label":"","type":"x"}]';
    const r = await call<{ questions: unknown[] }>(server.app, homeworkRoutes.aiSplit, {
      token,
      body: { id, text: '1. 最大的数是（ ）A.1 B.2\n2. 解方程 x+1=2' },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.questions).toEqual([
      { label: '1', type: 'objective', answer: 'B', fullMarks: 5 },
      { label: '2', type: 'subjective', answer: null, fullMarks: 12 },
    ]);
    expect(sent.at(-1)).toContain('解方程 x+1=2');
    const detail = await call<HomeworkDetail>(server.app, homeworkRoutes.homeworkDetail, {
      token,
      body: { id },
    });
    expect(detail.body.data).toMatchObject({ state: 'draft', questions: [] });
    reply = '我不知道';
    const bad = await call(server.app, homeworkRoutes.aiSplit, {
      token,
      body: { id, text: '题目' },
    });
    expect(bad.body).toMatchObject({
      code: 400,
      msg: 'AI 模型没有给出可用的拆题结果，请手动录入题目',
    });
    await server.db
      .updateTable('ai_access')
      .set({ enabled: 0 })
      .where('school_id', '=', demo)
      .execute();
    const off = await call(server.app, homeworkRoutes.aiSplit, {
      token,
      body: { id, text: '题目' },
    });
    expect(off.body.msg).toBe('本校未开通 AI 服务，AI 拆题不可用，请手动录入题目');
  });
});

describe.each(DIALECTS)('homework answer sheet on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await signIn(server.app, 'admin')).token;
  });
  afterAll(() => server.close());

  it('prints the questions through the answer-sheet engine; refused before the split', async () => {
    const id = await draftGradeOneMath(server, token, {
      name: '答题卡作业',
      idempotencyKey: `sheet-${dialect}-1`,
    });
    const sheet = () =>
      server.app.inject({
        method: 'GET',
        url: `/marking-homework/homework/school-base/sheet?id=${id}`,
        headers: { token },
      });
    const early = await sheet();
    expect(early.json()).toMatchObject({ code: 400, msg: '请先确认拆题，再打印答题卡' });
    await call(server.app, homeworkRoutes.splitConfirm, {
      token,
      body: {
        id,
        questions: [
          ...QUESTIONS,
          { label: '4', type: 'objective', answer: '对', fullMarks: 2 },
          { label: '5', type: 'objective', answer: 'F', fullMarks: 3 },
        ],
      },
    });
    const pdf = await sheet();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
