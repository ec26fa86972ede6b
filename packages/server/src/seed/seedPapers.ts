import type { BankPaperInput, BankQuestionInput } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { insertPaper } from '../resource/papers';
import { insertQuestion } from '../resource/questions';

/**
 * A few demo papers for the basket and 组卷 (issue #15): a handful of 高一数学 questions of the
 * demo school's own, one school paper built from them, and one cloud paper. Idempotent: a second
 * run finds the seeded paper and stops. The full demo bank comes from the bank's own seed.
 */

const SEED_KEY = 'demo-seed-paper-1';

const base: BankQuestionInput = {
  subjectCode: '02',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 2,
  stem: '',
  options: [],
  answer: '',
  analysis: '',
  pointIds: [],
  source: '示范中学原创',
  year: 2026,
  tags: [],
  children: [],
};

const QUESTIONS: Partial<BankQuestionInput>[] = [
  {
    stem: '已知集合 $A=\\{1,2,3\\}$，$B=\\{2,3,4\\}$，则 $A\\cap B=$',
    options: ['$\\{1\\}$', '$\\{2,3\\}$', '$\\{1,2,3,4\\}$', '$\\{4\\}$'],
    answer: 'B',
    analysis: '两个集合的公共元素是 $2$ 和 $3$。',
  },
  {
    stem: '函数 $f(x)=\\sqrt{x-1}$ 的定义域是',
    options: ['$[1,+\\infty)$', '$(1,+\\infty)$', '$(-\\infty,1]$', '$\\mathbb{R}$'],
    answer: 'A',
    analysis: '被开方数非负：$x-1\\ge 0$。',
  },
  {
    stem: '下列函数中，在 $(0,+\\infty)$ 上单调递增的是',
    options: ['$y=-x$', '$y=\\dfrac{1}{x}$', '$y=x^2$', '$y=-x^2$'],
    answer: 'C',
    analysis: '二次函数 $y=x^2$ 在 $(0,+\\infty)$ 上递增。',
  },
  {
    type: 'multiple',
    difficulty: 3,
    stem: '下列各数中，是无理数的有',
    options: ['$\\sqrt{2}$', '$\\pi$', '$\\dfrac{1}{3}$', '$0.5$'],
    answer: 'AB',
    analysis: '$\\sqrt{2}$ 与 $\\pi$ 不能写成两个整数之比。',
  },
  {
    type: 'judge',
    difficulty: 1,
    stem: '空集是任何集合的子集。',
    answer: '对',
    analysis: '由子集的定义可得。',
  },
  {
    type: 'blank',
    stem: '若 $2^x=8$，则 $x=$____。',
    answer: '$3$',
    analysis: '$8=2^3$。',
  },
  {
    type: 'answer',
    difficulty: 3,
    stem: '已知函数 $f(x)=x^2-4x+3$。求 $f(x)$ 的最小值及取得最小值时 $x$ 的值。',
    answer: '当 $x=2$ 时，最小值为 $-1$。',
    analysis: '配方得 $f(x)=(x-2)^2-1$。',
  },
];

const CLOUD_QUESTIONS: Partial<BankQuestionInput>[] = [
  {
    stem: '不等式 $x^2-1<0$ 的解集是',
    options: ['$(-1,1)$', '$(-\\infty,-1)$', '$(1,+\\infty)$', '$\\varnothing$'],
    answer: 'A',
    analysis: '$(x-1)(x+1)<0$。',
    source: '区域云题库',
  },
  {
    type: 'answer',
    stem: '解方程 $x^2-5x+6=0$。',
    answer: '$x=2$ 或 $x=3$。',
    analysis: '因式分解 $(x-2)(x-3)=0$。',
    source: '区域云题库',
  },
];

/** Seeds the demo papers once; returns the school paper's id. */
export async function seedPapers(db: Db, clock: Clock, schoolId: number): Promise<number> {
  const done = await db
    .selectFrom('papers')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('request_key', '=', SEED_KEY)
    .executeTakeFirst();
  if (done) return done.id;
  // The school's own code of 数学 (the bank's shared trees use the standard 02).
  const math = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', '数学')
    .executeTakeFirst();
  const subjectCode = math?.code ?? '02';
  const own = { schoolId, userId: null };
  const ids: number[] = [];
  for (const q of QUESTIONS)
    ids.push(await insertQuestion(db, clock, own, { ...base, subjectCode, ...q }));
  const cloudIds: number[] = [];
  for (const q of CLOUD_QUESTIONS)
    cloudIds.push(
      await insertQuestion(
        db,
        clock,
        { schoolId: null, userId: null },
        { ...base, subjectCode, ...q },
      ),
    );
  const at = clock.now().getTime();
  const school: BankPaperInput = {
    subjectCode,
    title: '高一数学周测（一）',
    subtitle: '集合与函数',
    durationMinutes: 45,
    gradeNum: 10,
    sections: [
      {
        title: '选择题',
        questions: ids.slice(0, 4).map((questionId) => ({ questionId, score: 5 })),
      },
      {
        title: '填空与解答',
        questions: [
          { questionId: ids[4]!, score: 5 },
          { questionId: ids[5]!, score: 5 },
          { questionId: ids[6]!, score: 15 },
        ],
      },
    ],
  };
  const cloud: BankPaperInput = {
    subjectCode,
    title: '高一数学基础练习（云）',
    subtitle: '一元二次方程与不等式',
    durationMinutes: 30,
    gradeNum: 10,
    sections: [
      {
        title: '练习',
        questions: [
          { questionId: cloudIds[0]!, score: 5 },
          { questionId: cloudIds[1]!, score: 10 },
        ],
      },
    ],
  };
  await insertPaper(db, { schoolId: null, userId: null }, cloud, at, null);
  return insertPaper(db, own, school, at, SEED_KEY);
}
