import type { QuestionInput } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { ExamScoresTable } from '../exam/tables';
import { scoreObjective } from '../exam/objectiveScoring';
import { isObjective, loadQuestionRows } from '../exam/paper';
import { saveStructure } from '../exam/paperWrites';
import { chunks, recomputeTotals } from '../exam/scores';
import { saveSheet } from '../exam/sheets';
import { prng } from './prng';
import { demoExamPlace, studentsOfClasses } from './queries';
import { createSeedExam, type ExamForm } from './seedExamRows';

/** The demo exams (docs/demo-school.md): a finished 期中 with scores, a draft 周练 for the designer. */
export const DEMO_EXAMS = {
  midterm: '2026学年第一学期高一期中考试',
  quiz: '2026学年高一数学第十二周周练',
} as const;

const SEEDED_AT = Date.parse('2026-11-12T08:00:00+08:00');

type Kind = QuestionInput['kind'];
export interface Block {
  from: number;
  to: number;
  kind: Kind;
  marks: number;
  partial?: number;
  options?: number;
  parts?: number[];
}

const KNOWLEDGE: Record<string, string[]> = {
  语文: [
    '字音字形',
    '病句辨析',
    '名句默写',
    '现代文阅读',
    '文言文阅读',
    '古诗鉴赏',
    '语言运用',
    '写作',
  ],
  数学: ['集合', '函数的概念', '指数函数', '对数函数', '三角函数', '不等式', '数列', '立体几何'],
  英语: [
    '听力理解',
    '阅读理解',
    '七选五',
    '完形填空',
    '语法填空',
    '应用文写作',
    '读后续写',
    '短文改错',
  ],
  物理: [
    '运动的描述',
    '匀变速直线运动',
    '相互作用',
    '牛顿运动定律',
    '曲线运动',
    '实验：打点计时器',
  ],
  化学: ['物质的分类', '离子反应', '氧化还原反应', '钠及其化合物', '氯及其化合物', '物质的量'],
  生物: ['细胞的分子组成', '细胞的结构', '物质运输', '酶与ATP', '细胞呼吸', '光合作用'],
  历史: ['先秦时期', '秦汉统一', '唐宋变革', '明清社会', '近代化探索', '中外文明交流'],
  政治: ['社会主义发展', '经济制度', '政治制度', '法治中国', '哲学与文化', '当代国际政治'],
  地理: ['地球运动', '大气环境', '水循环', '地貌', '人口与城市', '区域发展'],
};
const ABILITIES = ['理解能力', '推理能力', '运算能力', '实验探究', '综合应用'];

export const MIDTERM: { code: string; fullMarks: number; blocks: Block[] }[] = [
  {
    code: '语文',
    fullMarks: 150,
    blocks: [
      { from: 1, to: 5, kind: 'single', marks: 3 },
      { from: 6, to: 6, kind: 'fill', marks: 6 },
      { from: 7, to: 7, kind: 'subjective', marks: 24, parts: [6, 8, 10] },
      { from: 8, to: 8, kind: 'subjective', marks: 15, parts: [7, 8] },
      { from: 9, to: 9, kind: 'subjective', marks: 30 },
      { from: 10, to: 10, kind: 'subjective', marks: 60 },
    ],
  },
  {
    code: '数学',
    fullMarks: 150,
    blocks: [
      { from: 1, to: 8, kind: 'single', marks: 5 },
      { from: 9, to: 11, kind: 'multiple', marks: 6, partial: 3 },
      { from: 12, to: 14, kind: 'fill', marks: 5 },
      { from: 15, to: 15, kind: 'subjective', marks: 13 },
      { from: 16, to: 17, kind: 'subjective', marks: 15 },
      { from: 18, to: 18, kind: 'subjective', marks: 17, parts: [7, 10] },
      { from: 19, to: 19, kind: 'subjective', marks: 17 },
    ],
  },
  {
    code: '英语',
    fullMarks: 150,
    blocks: [
      { from: 1, to: 20, kind: 'single', marks: 1.5, options: 3 },
      { from: 21, to: 35, kind: 'single', marks: 2 },
      { from: 36, to: 40, kind: 'single', marks: 2, options: 7 },
      { from: 41, to: 55, kind: 'single', marks: 1 },
      { from: 56, to: 56, kind: 'fill', marks: 15 },
      { from: 57, to: 57, kind: 'subjective', marks: 15 },
      { from: 58, to: 58, kind: 'subjective', marks: 25 },
      { from: 59, to: 59, kind: 'fill', marks: 10 },
    ],
  },
  {
    code: '物理',
    fullMarks: 100,
    blocks: [
      { from: 1, to: 7, kind: 'single', marks: 4 },
      { from: 8, to: 10, kind: 'multiple', marks: 6, partial: 3 },
      { from: 11, to: 11, kind: 'fill', marks: 6 },
      { from: 12, to: 12, kind: 'fill', marks: 9 },
      { from: 13, to: 13, kind: 'subjective', marks: 10 },
      { from: 14, to: 14, kind: 'subjective', marks: 14, parts: [6, 8] },
      { from: 15, to: 15, kind: 'subjective', marks: 15 },
    ],
  },
  {
    code: '化学',
    fullMarks: 100,
    blocks: [
      { from: 1, to: 14, kind: 'single', marks: 3 },
      { from: 15, to: 15, kind: 'subjective', marks: 14 },
      { from: 16, to: 16, kind: 'subjective', marks: 15 },
      { from: 17, to: 17, kind: 'subjective', marks: 14, parts: [6, 8] },
      { from: 18, to: 18, kind: 'subjective', marks: 15 },
    ],
  },
  {
    code: '生物',
    fullMarks: 100,
    blocks: [
      { from: 1, to: 12, kind: 'single', marks: 2 },
      { from: 13, to: 16, kind: 'multiple', marks: 4, partial: 2 },
      { from: 17, to: 21, kind: 'subjective', marks: 12 },
    ],
  },
];

const QUIZ_MATH: Block[] = [
  { from: 1, to: 8, kind: 'single', marks: 5 },
  { from: 9, to: 10, kind: 'multiple', marks: 6, partial: 3 },
  { from: 11, to: 12, kind: 'judge', marks: 2 },
  { from: 13, to: 15, kind: 'fill', marks: 5 },
  { from: 16, to: 16, kind: 'subjective', marks: 15, parts: [7, 8] },
  { from: 17, to: 17, kind: 'subjective', marks: 14 },
];

const LETTERS = 'ABCDEFG';

/** A paper structure from blocks, with answer keys and tags drawn from the PRNG. */
export function paperOf(
  code: string,
  blocks: readonly Block[],
  random: () => number,
): QuestionInput[] {
  const points = KNOWLEDGE[code] ?? [];
  const out: QuestionInput[] = [];
  for (const block of blocks) {
    for (let n = block.from; n <= block.to; n++) {
      const knowledgePoints = [points[(n * 3) % points.length] ?? code];
      const abilities = [ABILITIES[n % ABILITIES.length] ?? ABILITIES[0]!];
      const base = {
        number: String(n),
        kind: block.kind,
        fullMarks: block.marks,
        knowledgePoints,
        abilities,
      };
      const options = block.options ?? 4;
      if (block.kind === 'single') {
        out.push({
          ...base,
          optionCount: options,
          answer: LETTERS[Math.floor(random() * options)] ?? 'A',
        });
      } else if (block.kind === 'multiple') {
        const picked = LETTERS.slice(0, options)
          .split('')
          .filter(() => random() < 0.55);
        const answer = picked.length >= 2 ? picked.join('') : 'AC';
        out.push({ ...base, optionCount: options, answer, partialMarks: block.partial ?? null });
      } else if (block.kind === 'judge') {
        out.push({ ...base, answer: random() < 0.5 ? 'T' : 'F' });
      } else if (block.parts) {
        out.push({
          ...base,
          children: block.parts.map((marks, i) => ({
            number: `(${i + 1})`,
            kind: block.kind,
            fullMarks: marks,
            knowledgePoints,
            abilities,
          })),
        });
      } else {
        out.push(block.kind === 'fill' ? { ...base, blankCount: 1 } : base);
      }
    }
  }
  return out;
}

/** A response to an objective question for a student of the given chance of knowing it. */
function respond(
  kind: 'single' | 'multiple' | 'judge',
  key: string,
  options: number,
  p: number,
  random: () => number,
): string {
  if (random() < p) return key;
  if (kind === 'judge') return key === 'T' ? 'F' : 'T';
  if (kind === 'multiple' && key.length > 1 && random() < 0.6) return key.slice(0, key.length - 1);
  const letters = LETTERS.slice(0, options);
  if (kind === 'multiple') return letters.slice(0, 2) === key ? 'BD' : letters.slice(0, 2);
  const wrong = letters.replace(key, '');
  return wrong[Math.floor(random() * wrong.length)] ?? 'A';
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The school's subject codes by name (administration seed); empty when it has none. */
export async function subjectCodesOf(db: Db, schoolId: number): Promise<Map<string, string>> {
  const subjects = await db
    .selectFrom('subjects')
    .select(['name', 'code'])
    .where('school_id', '=', schoolId)
    .execute();
  return new Map(subjects.map((s) => [s.name, s.code]));
}

/** An exam form's subjects of these names: the school's code when it has one, else the name. */
export const formSubjects = (
  codeOf: ReadonlyMap<string, string>,
  subjects: readonly { name: string; fullMarks: number }[],
) =>
  subjects.map((s) => ({
    subjectCode: codeOf.get(s.name) ?? s.name,
    subjectName: s.name,
    fullMarks: s.fullMarks,
    elective: false,
  }));

/**
 * Seeded subjects finished, in order: each one's paper drawn from its blocks, its answer sheet,
 * and its scores ({@link seedSubjectScores}), at `at`. The PRNG is drawn in that order.
 */
export async function seedFinishedSubjects(
  trx: Db,
  subjectIds: readonly number[],
  subjects: readonly { code: string; blocks: readonly Block[] }[],
  sitting: {
    students: readonly { id: number }[];
    ability: ReadonlyMap<number, number>;
    random: () => number;
  },
  at: number,
): Promise<void> {
  const { students, ability, random } = sitting;
  for (const [order, subject] of subjects.entries()) {
    const subjectId = subjectIds[order]!;
    await saveStructure(trx, subjectId, paperOf(subject.code, subject.blocks, random), at);
    await saveSheet(
      trx,
      { id: subjectId, subject_name: subject.code },
      { settings: {}, overrides: {} },
      at,
    );
    await seedSubjectScores(trx, subjectId, subject.code, students, ability, random);
  }
}

/**
 * Seeds the demo exams into a school's 高一 of the current year: idempotent (an exam of the same
 * name is left as it is) and deterministic. Call inside the seed's transaction.
 */
export async function seedExams(
  trx: Db,
  options: { schoolId: number; academicYear: number },
): Promise<void> {
  const { schoolId, academicYear } = options;
  const place = await demoExamPlace(trx, schoolId, academicYear, '高一');
  if (!place) return;
  const { gradeId, adminId, classIds } = place;
  const existing = await trx
    .selectFrom('exams')
    .select('name')
    .where('school_id', '=', schoolId)
    .where('name', 'in', Object.values(DEMO_EXAMS))
    .execute();
  const has = new Set(existing.map((e) => e.name));
  const students = await studentsOfClasses(trx, classIds);

  const codeOf = await subjectCodesOf(trx, schoolId);
  // Created as the exam form creates an exam, so a seeded exam passes the same checks.
  const createExam = async (
    name: string,
    examType: ExamForm['examType'],
    examDate: string,
    state: 'draft' | 'finished',
    subjects: readonly { name: string; fullMarks: number }[],
  ) =>
    createSeedExam(trx, {
      schoolId,
      academicYear,
      createdBy: adminId,
      at: SEEDED_AT,
      state,
      students,
      form: {
        name,
        examType,
        gradeId,
        examDate,
        subjects: formSubjects(codeOf, subjects),
        classIds,
      },
    });

  if (!has.has(DEMO_EXAMS.midterm)) {
    const random = prng(20261112);
    const { subjectIds } = await createExam(
      DEMO_EXAMS.midterm,
      '期中',
      '2026-11-12',
      'finished',
      MIDTERM.map((s) => ({ name: s.code, fullMarks: s.fullMarks })),
    );
    // Each student's ability, shared by the subjects, with a per-subject offset below.
    const ability = new Map(students.map((s) => [s.id, (random() + random() + random()) / 3]));
    const sitting = { students, ability, random };
    await seedFinishedSubjects(trx, subjectIds, MIDTERM, sitting, SEEDED_AT);
  }

  if (!has.has(DEMO_EXAMS.quiz)) {
    const random = prng(20261128);
    const {
      subjectIds: [mathId],
    } = await createExam(DEMO_EXAMS.quiz, '周练', '2026-11-28', 'draft', [
      { name: '数学', fullMarks: 100 },
      { name: '物理', fullMarks: 100 },
    ]);
    await saveStructure(trx, mathId!, paperOf('数学', QUIZ_MATH, random), SEEDED_AT);
  }
}

/**
 * Scores one seeded subject: answers and marks for every student from their ability (about 2 %
 * absent, and the 4th student absent from 英语), then the subject totals. The PRNG is drawn in the
 * same order as before this was a function, so the demo's scores stay what they were.
 */
export async function seedSubjectScores(
  trx: Db,
  subjectId: number,
  code: string,
  students: readonly { id: number }[],
  ability: ReadonlyMap<number, number>,
  random: () => number,
): Promise<void> {
  const subject = { code };
  const rows = await loadQuestionRows(trx, subjectId);
  const parents = new Set(rows.map((r) => r.parent_id));
  const leaves = rows.filter((r) => !parents.has(r.id));
  const scores: ExamScoresTable[] = [];
  const absent: number[] = [];
  for (const [index, student] of students.entries()) {
    if (random() < 0.02 || (index === 3 && subject.code === '英语')) {
      absent.push(student.id);
      continue;
    }
    const level = Math.min(
      0.97,
      Math.max(0.15, (ability.get(student.id) ?? 0.5) + (random() - 0.5) * 0.25),
    );
    for (const [k, q] of leaves.entries()) {
      const difficulty = ((k * 37) % 10) / 40; // 0 – 0.225: later questions are not always harder
      const p = Math.min(0.98, Math.max(0.05, level + 0.15 - difficulty));
      if (isObjective(q.kind)) {
        const answer = respond(q.kind, q.answer ?? 'A', q.option_count ?? 4, p, random);
        const score = scoreObjective(
          {
            kind: q.kind,
            fullMarks: q.full_marks,
            answer: q.answer,
            partialMarks: q.partial_marks,
          },
          answer,
        );
        scores.push({
          exam_subject_id: subjectId,
          question_id: q.id,
          student_id: student.id,
          score,
          source: 'objective',
          answer,
          updated_at: SEEDED_AT,
        });
      } else {
        const raw = q.full_marks * Math.min(1, Math.max(0, p + (random() - 0.5) * 0.3));
        const score = Math.min(q.full_marks, roundTo(raw, q.score_step));
        scores.push({
          exam_subject_id: subjectId,
          question_id: q.id,
          student_id: student.id,
          score,
          source: 'marking',
          answer: null,
          updated_at: SEEDED_AT,
        });
      }
    }
  }
  for (const part of chunks(scores)) await trx.insertInto('exam_scores').values(part).execute();
  await recomputeTotals(trx, subjectId, SEEDED_AT);
  if (absent.length > 0)
    await trx
      .insertInto('exam_subject_totals')
      .values(
        absent.map((student_id) => ({
          exam_subject_id: subjectId,
          student_id,
          score: null,
          absent: 1,
          updated_at: SEEDED_AT,
        })),
      )
      .execute();
}
