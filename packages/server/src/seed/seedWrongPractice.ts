import { BankQuestionInput, bankQuestionInputOf } from '@examkit/contracts';
import { systemClock } from '../core/clock';
import type { Db } from '../core/database';
import { insertQuestion, loadQuestions, updateQuestion } from '../resource/questions';
import { checkSeed } from './checkSeed';

/**
 * A few practice questions for the demo school's error pages (docs/resources.md): one 数学
 * question for each knowledge point the seeded exams tag, so 学生错题 and 相似题推荐 have
 * something to recommend before the full demo bank is seeded. The points are the school's own,
 * named as the exams name them. A question the school's bank already holds with the same stem
 * (the demo papers') is tagged with the point rather than written twice. Idempotent: nothing is
 * added when the points exist.
 */
const PRACTICE: {
  point: string;
  difficulty: number;
  stem: string;
  options: string[];
  answer: string;
}[] = [
  {
    point: '集合',
    difficulty: 2,
    stem: '已知集合 $A=\\{1,2,3\\}$，$B=\\{2,3,4\\}$，则 $A\\cap B=$',
    options: ['$\\{2,3\\}$', '$\\{1,4\\}$', '$\\{1,2,3,4\\}$', '$\\varnothing$'],
    answer: 'A',
  },
  {
    point: '函数的概念',
    difficulty: 3,
    stem: '函数 $f(x)=\\sqrt{x-1}$ 的定义域是',
    options: ['$x\\ge 1$', '$x>1$', '$x\\le 1$', '$x\\ne 1$'],
    answer: 'A',
  },
  {
    point: '指数函数',
    difficulty: 3,
    stem: '若 $2^x=8$，则 $x=$',
    options: ['$2$', '$3$', '$4$', '$6$'],
    answer: 'B',
  },
  {
    point: '对数函数',
    difficulty: 3,
    stem: '$\\log_2 16$ 的值是',
    options: ['$2$', '$3$', '$4$', '$8$'],
    answer: 'C',
  },
  {
    point: '三角函数',
    difficulty: 4,
    stem: '$\\sin 30^\\circ+\\cos 60^\\circ=$',
    options: ['$0$', '$\\frac{1}{2}$', '$1$', '$\\sqrt{3}$'],
    answer: 'C',
  },
  {
    point: '不等式',
    difficulty: 3,
    stem: '不等式 $x^2-3x+2<0$ 的解集是',
    options: ['$(1,2)$', '$(-\\infty,1)$', '$(2,+\\infty)$', '$[1,2]$'],
    answer: 'A',
  },
  {
    point: '数列',
    difficulty: 4,
    stem: '等差数列 $\\{a_n\\}$ 中 $a_1=2$，$d=3$，则 $a_5=$',
    options: ['$11$', '$14$', '$17$', '$20$'],
    answer: 'B',
  },
  {
    point: '立体几何',
    difficulty: 5,
    stem: '棱长为 $2$ 的正方体的体积是',
    options: ['$4$', '$6$', '$8$', '$12$'],
    answer: 'C',
  },
];

const SOURCE = '错题练习示例';

export async function seedWrongPractice(db: Db, schoolId: number): Promise<void> {
  const subject = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', '数学')
    .executeTakeFirst();
  const subjectCode = subject?.code ?? '数学';
  const exists = await db
    .selectFrom('knowledge_points')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('subject_code', '=', subjectCode)
    .where('name', '=', PRACTICE[0]!.point)
    .executeTakeFirst();
  if (exists) return;
  await db.transaction().execute(async (trx) => {
    for (const [ord, item] of PRACTICE.entries()) {
      const point = await trx
        .insertInto('knowledge_points')
        .values({
          school_id: schoolId,
          subject_code: subjectCode,
          stage: 3,
          parent_id: null,
          name: item.point,
          ord,
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A question of the school's bank with this very stem (the demo papers') is tagged with
      // the point instead of written a second time.
      const same = await trx
        .selectFrom('questions')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('stem', '=', item.stem)
        .where('parent_id', 'is', null)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const [existing] = same ? await loadQuestions(trx, schoolId, [same.id]) : [];
      if (existing) {
        const base = bankQuestionInputOf(existing);
        const tagged: BankQuestionInput = {
          ...base,
          pointIds: [...base.pointIds, point.id],
          tags: [...new Set([...base.tags, item.point])],
        };
        checkSeed(BankQuestionInput, tagged, 'practice question');
        await updateQuestion(
          trx,
          systemClock,
          { schoolId, userId: null, questionId: existing.id },
          tagged,
        );
        continue;
      }
      const input: BankQuestionInput = {
        subjectCode,
        stage: 3,
        gradeNum: 10,
        type: 'single',
        difficulty: item.difficulty,
        stem: item.stem,
        options: item.options,
        answer: item.answer,
        analysis: `考查${item.point}。`,
        pointIds: [point.id],
        source: SOURCE,
        year: 2026,
        tags: [item.point],
        children: [],
      };
      checkSeed(BankQuestionInput, input, 'practice question');
      await insertQuestion(trx, systemClock, { schoolId, userId: null }, input);
    }
  });
}
