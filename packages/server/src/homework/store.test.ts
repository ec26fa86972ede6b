import {
  HOMEWORK_SHEET_URL,
  homeworkRoutes,
  homeworkStoreRoutes as S,
  resourceQuestionRoutes as R,
  type BankQuestionInput,
  type DataOf,
  type HomeworkDetail,
  type HomeworkSummary,
  type Page,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

type Basket = DataOf<typeof S.basketList>;
type Items = DataOf<typeof S.questionItems>;

const question = (over: Partial<BankQuestionInput> = {}): BankQuestionInput => ({
  subjectCode: '02',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 3,
  stem: '函数 $y=x^2-4x+3$ 的对称轴是',
  options: ['$x=1$', '$x=2$', '$x=3$', '$x=4$'],
  answer: 'B',
  analysis: '对称轴 $x=-\\frac{b}{2a}=2$。',
  pointIds: [],
  source: '作业测试',
  year: 2026,
  tags: [],
  children: [],
  ...over,
});

describe.each(DIALECTS)('校本作业 from the bank on %s', (dialect) => {
  const s = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  let grade1: number;
  let math: number;
  let chinese: number;
  const q: Record<string, number> = {};
  let seq = 0;

  const as = <T>(who: string, route: { url: string }, body: Record<string, unknown>) =>
    call<T>(s.app, route as never, { token: tokens[who] ?? '', body });
  const ok = async <T>(who: string, route: { url: string }, body: Record<string, unknown>) => {
    const r = await as<T>(who, route, body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const add = async (over: Partial<BankQuestionInput>) =>
    (
      await ok<{ id: number }>('teacher', R.questionAdd, {
        question: question(over),
        requestId: `hw-${dialect}-${++seq}`,
      })
    ).id;

  beforeAll(async () => {
    for (const who of ['admin', 'teacher', 'lab-admin', 'grader'])
      tokens[who] = (await signIn(s.app, who)).token;
    const demo = s.seed.demoSchoolId;
    grade1 = (
      await s.db
        .selectFrom('grades')
        .select('id')
        .where('school_id', '=', demo)
        .where('name', '=', '高一')
        .orderBy('academic_year', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const subjects = await s.db
      .selectFrom('subjects')
      .select(['id', 'name'])
      .where('school_id', '=', demo)
      .execute();
    math = subjects.find((x) => x.name === '数学')!.id;
    chinese = subjects.find((x) => x.name === '语文')!.id;
    q.single = await add({});
    q.multiple = await add({ type: 'multiple', answer: 'db', stem: '下列是偶函数的有' });
    q.judge = await add({ type: 'judge', options: [], answer: '正确', stem: '$y=x^2$ 是偶函数。' });
    q.answer = await add({
      type: 'answer',
      options: [],
      answer: '$x=2$',
      stem: '解方程 $x-2=0$。',
    });
    q.chinese = await add({
      subjectCode: '01',
      options: [],
      type: 'answer',
      stem: '默写静夜思。',
      answer: '床前明月光',
    });
  }, 120_000);

  it('keeps the homework basket per user and subject, in order, with scores; add twice keeps one', async () => {
    for (const id of [q.single, q.answer, q.judge, q.single])
      await ok('teacher', S.basketAdd, { questionId: id });
    let basket = await ok<Basket>('teacher', S.basketList, { subjectCode: '02' });
    expect(basket.items.map((i) => [i.question.id, i.score])).toEqual([
      [q.single, 5],
      [q.answer, 10],
      [q.judge, 5],
    ]);
    // another user's basket is their own
    expect((await ok<Basket>('admin', S.basketList, { subjectCode: '02' })).items).toEqual([]);
    basket = await ok<Basket>('teacher', S.basketSave, {
      subjectCode: '02',
      items: [
        { questionId: q.judge, score: 3 },
        { questionId: q.single, score: 4 },
        { questionId: q.answer, score: 12.5 },
      ],
    });
    expect(basket.items.map((i) => [i.question.id, i.score])).toEqual([
      [q.judge, 3],
      [q.single, 4],
      [q.answer, 12.5],
    ]);
    const stale = await as('teacher', S.basketSave, {
      subjectCode: '02',
      items: [{ questionId: q.judge, score: 3 }],
    });
    expect(stale.body).toMatchObject({ code: 400, msg: '作业篮已在别处改变，请刷新后重试' });
    const removed = await ok<{ count: number }>('teacher', S.basketRemove, {
      questionId: q.judge,
    });
    expect(removed.count).toBe(2);
    await ok('teacher', S.basketAdd, { questionId: q.judge });
    expect(
      (await ok<Basket>('teacher', S.basketList, { subjectCode: '02' })).items.map(
        (i) => i.question.id,
      ),
    ).toEqual([q.single, q.answer, q.judge]);
    // another school's user has their own; a user without 校本作业 has none
    expect((await ok<Basket>('lab-admin', S.basketList, { subjectCode: '02' })).items).toEqual([]);
    const grader = await as('grader', S.basketList, { subjectCode: '02' });
    expect(grader.body).toMatchObject({ code: 403, msg: '没有校本作业的权限' });
  });

  it('basket-confirm makes a 待布置 homework with the bank keys, once per key, and empties the basket', async () => {
    const body = {
      name: '二次函数课后作业',
      gradeId: grade1,
      subjectId: math,
      estimatedMinutes: 25,
      items: [
        { questionId: q.single, score: 4 },
        { questionId: q.multiple, score: 6 },
        { questionId: q.judge, score: 2 },
        { questionId: q.answer, score: 12 },
      ],
      idempotencyKey: `bank-${dialect}-1`,
    };
    const first = await ok<{ id: number }>('teacher', S.basketConfirm, body);
    const again = await ok<{ id: number }>('teacher', S.basketConfirm, body);
    expect(again.id).toBe(first.id);
    const count = await s.db
      .selectFrom('homeworks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', '二次函数课后作业')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const detail = await ok<HomeworkDetail>('teacher', homeworkRoutes.homeworkDetail, {
      id: first.id,
    });
    expect(detail).toMatchObject({
      state: 'ready',
      paperKind: 'bank',
      questionCount: 4,
      fullMarks: 24,
    });
    expect(detail.questions.map((x) => [x.label, x.type, x.answer, x.fullMarks])).toEqual([
      ['1', 'objective', 'B', 4],
      ['2', 'objective', 'BD', 6],
      ['3', 'objective', '对', 2],
      ['4', 'subjective', null, 12],
    ]);
    // the basket let go of the questions used
    expect((await ok<Basket>('teacher', S.basketList, { subjectCode: '02' })).items).toEqual([]);
    // it is in the list, and it cannot be split like a paper
    const page = await ok<Page<HomeworkSummary>>('teacher', homeworkRoutes.homeworkPage, {
      pageNum: 1,
      pageSize: 20,
      keyWord: '二次函数',
    });
    expect(page.list.map((h) => h.name)).toEqual(['二次函数课后作业']);
    const split = await as('teacher', homeworkRoutes.splitConfirm, {
      id: first.id,
      questions: [{ label: '1', type: 'subjective', answer: null, fullMarks: 5 }],
    });
    expect(split.body).toMatchObject({ code: 400 });
    // the existing assignment flow: 布置 to 高一(1)班
    const classId = (
      await s.db
        .selectFrom('classes')
        .select('id')
        .where('grade_id', '=', grade1)
        .where('name', '=', '高一(1)班')
        .executeTakeFirstOrThrow()
    ).id;
    const assigned = await ok<HomeworkDetail>('teacher', homeworkRoutes.assign, {
      id: first.id,
      classIds: [classId],
      teachingClassIds: [],
      dueAt: TEST_NOW.getTime() + 86_400_000,
      estimatedMinutes: 25,
      confirmOverLimit: false,
    });
    expect(assigned.state).toBe('assigned');
  });

  it('question-item shows the bank questions of bank homework and the keys of an uploaded paper', async () => {
    const { id } = await ok<{ id: number }>('teacher', S.basketConfirm, {
      name: '判断与解答',
      gradeId: grade1,
      subjectId: math,
      estimatedMinutes: 15,
      items: [
        { questionId: q.answer, score: 10 },
        { questionId: q.judge, score: 5 },
      ],
      idempotencyKey: `bank-${dialect}-2`,
    });
    const items = await ok<Items>('teacher', S.questionItems, { id });
    expect(items).toMatchObject({ source: 'bank', estimatedMinutes: 15 });
    expect(items.questions.map((x) => [x.label, x.question?.stem, x.question?.analysis])).toEqual([
      ['1', '解方程 $x-2=0$。', '对称轴 $x=-\\frac{b}{2a}=2$。'],
      ['2', '$y=x^2$ 是偶函数。', '对称轴 $x=-\\frac{b}{2a}=2$。'],
    ]);
    const paper = await ok<{ id: number }>('teacher', homeworkRoutes.homeworkCreate, {
      name: '上传的练习',
      gradeId: grade1,
      subjectId: math,
      paper: {
        fileName: '练习.pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      },
      idempotencyKey: `paper-${dialect}-1`,
    });
    await ok('teacher', homeworkRoutes.splitConfirm, {
      id: paper.id,
      questions: [{ label: '1', type: 'objective', answer: 'c', fullMarks: 5 }],
    });
    const fromPaper = await ok<Items>('teacher', S.questionItems, { id: paper.id });
    expect(fromPaper).toMatchObject({ source: 'paper', estimatedMinutes: null });
    expect(fromPaper.questions).toEqual([
      {
        no: 1,
        label: '1',
        type: 'objective',
        answer: 'C',
        fullMarks: 5,
        points: [],
        question: null,
      },
    ]);
    // the answer sheet of bank homework is laid out like any homework's
    const sheet = await s.app.inject({
      method: 'GET',
      url: `${HOMEWORK_SHEET_URL}?id=${id}`,
      headers: { token: tokens.teacher! },
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses another subject’s questions, grades out of scope, another school and outsiders', async () => {
    const base = {
      name: '混合',
      gradeId: grade1,
      subjectId: math,
      estimatedMinutes: 10,
      items: [{ questionId: q.chinese, score: 5 }],
    };
    const mixed = await as('teacher', S.basketConfirm, {
      ...base,
      idempotencyKey: `bank-${dialect}-3`,
    });
    expect(mixed.body).toMatchObject({ code: 400, msg: '试题与作业科目（数学）不一致' });
    const chineseGrade = await as('teacher', S.basketConfirm, {
      ...base,
      subjectId: chinese,
      idempotencyKey: `bank-${dialect}-4`,
    });
    expect(chineseGrade.body).toMatchObject({
      code: 400,
      msg: '年级或科目不存在，或不在您的任教范围',
    });
    const { id } = await ok<{ id: number }>('teacher', S.basketConfirm, {
      ...base,
      items: [{ questionId: q.single, score: 5 }],
      idempotencyKey: `bank-${dialect}-5`,
    });
    // another school's user: 404 as a missing homework (lab-admin is of the second school)
    const other = await as('lab-admin', S.questionItems, { id });
    expect(other.body).toMatchObject({ code: 404, msg: '作业不存在' });
    const missing = await as('admin', S.questionItems, { id: 999_999 });
    expect(missing.body).toMatchObject({ code: 404, msg: '作业不存在' });
    // another school's bank question is not found
    const foreign = await as('teacher', S.basketAdd, { questionId: 999_999 });
    expect(foreign.body).toMatchObject({ code: 404, msg: '试题不存在' });
  });
});
