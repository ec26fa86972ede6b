import type { BankQuestionInput } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import { createTestDatabase, DIALECTS, TEST_NOW, type TestDatabase } from '../test/fixtures';
import { insertQuestion, loadQuestions, updateQuestion } from './questions';
import { addPoint } from './testKit';

const base: BankQuestionInput = {
  subjectCode: 'math',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 3,
  stem: '函数 $f(x)=x^2-2x$ 的最小值是',
  options: ['$-1$', '$0$', '$1$', '$2$'],
  answer: 'A',
  analysis: '配方得 $f(x)=(x-1)^2-1$。',
  pointIds: [],
  source: '示例',
  year: 2026,
  tags: ['二次函数'],
  children: [],
};

describe.each(DIALECTS)('bank questions on %s', (dialect) => {
  let t: TestDatabase;
  const clock = createFakeClock(TEST_NOW);
  let schoolA: number;
  let schoolB: number;
  let point: number;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const school = async (code: string) =>
      (
        await t.db
          .insertInto('schools')
          .values({ code, name: code, created_at: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    schoolA = await school('qa');
    schoolB = await school('qb');
    point = await addPoint(t.db, '二次函数');
  });
  afterAll(() => t.drop());

  it('stores a composite question with its sub-questions and points, and reads it back', async () => {
    const id = await insertQuestion(
      t.db,
      clock,
      { schoolId: schoolA, userId: null },
      {
        ...base,
        type: 'composite',
        options: [],
        stem: '阅读材料，回答问题。',
        pointIds: [point],
        children: [
          { type: 'blank', stem: '对称轴是____', options: [], answer: '$x=1$', analysis: '' },
          { type: 'answer', stem: '求最小值', options: [], answer: '$-1$', analysis: '' },
        ],
      },
    );
    const [q] = await loadQuestions(t.db, schoolA, [id]);
    expect(q).toMatchObject({ bank: 'school', type: 'composite', version: 1 });
    expect(q!.points).toEqual([{ id: point, name: '二次函数' }]);
    expect(q!.children.map((c) => c.stem)).toEqual(['对称轴是____', '求最小值']);
    // A sub-question is never a bank question of its own.
    expect(await loadQuestions(t.db, schoolA, [q!.children[0]!.id])).toEqual([]);
  });

  it('keeps another school out, and lets every school read the cloud bank', async () => {
    const own = await insertQuestion(t.db, clock, { schoolId: schoolA, userId: null }, base);
    const cloud = await insertQuestion(t.db, clock, { schoolId: null, userId: null }, base);
    expect((await loadQuestions(t.db, schoolB, [own, cloud])).map((q) => q.id)).toEqual([cloud]);
    expect((await loadQuestions(t.db, schoolA, [cloud, own])).map((q) => q.bank)).toEqual([
      'cloud',
      'school',
    ]);
    await expect(
      updateQuestion(t.db, clock, { schoolId: schoolB, userId: null, questionId: own }, base),
    ).rejects.toThrow('试题不存在');
    await expect(
      updateQuestion(t.db, clock, { schoolId: schoolA, userId: null, questionId: cloud }, base),
    ).rejects.toThrow('试题不存在');
  });

  it('keeps the previous state as a version on every edit', async () => {
    const id = await insertQuestion(t.db, clock, { schoolId: schoolA, userId: 7 }, base);
    await updateQuestion(
      t.db,
      clock,
      { schoolId: schoolA, userId: 7, questionId: id },
      {
        ...base,
        stem: '函数 $f(x)=x^2-4x$ 的最小值是',
      },
    );
    const [q] = await loadQuestions(t.db, schoolA, [id]);
    expect(q).toMatchObject({ version: 2, stem: '函数 $f(x)=x^2-4x$ 的最小值是' });
    const versions = await t.db
      .selectFrom('question_versions')
      .selectAll()
      .where('question_id', '=', id)
      .execute();
    expect(versions).toHaveLength(1);
    expect(JSON.parse(versions[0]!.snapshot)).toMatchObject({ stem: base.stem, version: 1 });
  });

  it('refuses a choice question with one option and a point of another subject', async () => {
    await expect(
      insertQuestion(t.db, clock, { schoolId: schoolA, userId: null }, { ...base, options: ['A'] }),
    ).rejects.toThrow('选择题至少需要两个选项');
    await expect(
      insertQuestion(
        t.db,
        clock,
        { schoolId: schoolA, userId: null },
        {
          ...base,
          subjectCode: 'chinese',
          pointIds: [point],
        },
      ),
    ).rejects.toThrow('知识点不存在或不属于该学科');
  });
});
