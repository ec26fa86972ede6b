import type { BankPaperInput } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { insertPaper } from '../resource/papers';

/**
 * A few demo papers for the basket and 组卷 (issue #15), made of the demo bank's questions (run
 * after `seedBank`): one school paper of the school's own 数学 questions and one cloud paper of
 * the cloud bank's. No question is written here. Idempotent: a second run finds the seeded paper
 * and stops.
 */

const SEED_KEY = 'demo-seed-paper-1';

/**
 * The lowest-id live top-level questions of a bank (the school's, or the cloud's with null) of
 * the subject and type, 高一 (grade 10) ones first.
 */
async function pick(
  db: Db,
  schoolId: number | null,
  subjectCode: string,
  type: string,
  count: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'grade_num'])
    .where((eb) =>
      schoolId === null ? eb('school_id', 'is', null) : eb('school_id', '=', schoolId),
    )
    .where('region_id', 'is', null)
    .where('subject_code', '=', subjectCode)
    .where('type', '=', type)
    .where('parent_id', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const ordered = [
    ...rows.filter((r) => r.grade_num === 10),
    ...rows.filter((r) => r.grade_num !== 10),
  ];
  if (ordered.length < count)
    throw new Error(
      `the demo bank has ${ordered.length} ${type} questions of ${subjectCode}, not ${count}`,
    );
  return ordered.slice(0, count).map((r) => r.id);
}

/** Seeds the demo papers once from the demo bank; returns the school paper's id. */
export async function seedPapers(db: Db, clock: Clock, schoolId: number): Promise<number> {
  const done = await db
    .selectFrom('papers')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('request_key', '=', SEED_KEY)
    .executeTakeFirst();
  if (done) return done.id;
  // The school's own code of 数学 (the demo bank uses the school's codes: 02).
  const math = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', '数学')
    .executeTakeFirst();
  const subjectCode = math?.code ?? '02';
  const singles = await pick(db, schoolId, subjectCode, 'single', 4);
  const [judge] = await pick(db, schoolId, subjectCode, 'judge', 1);
  const [blank] = await pick(db, schoolId, subjectCode, 'blank', 1);
  const [answer] = await pick(db, schoolId, subjectCode, 'answer', 1);
  const [cloudSingle] = await pick(db, null, subjectCode, 'single', 1);
  const [cloudAnswer] = await pick(db, null, subjectCode, 'answer', 1);
  const at = clock.now().getTime();
  const school: BankPaperInput = {
    subjectCode,
    title: '高一数学周测（一）',
    subtitle: '函数、集合与方程',
    durationMinutes: 45,
    gradeNum: 10,
    sections: [
      {
        title: '选择题',
        questions: singles.map((questionId) => ({ questionId, score: 5 })),
      },
      {
        title: '判断、填空与解答',
        questions: [
          { questionId: judge!, score: 5 },
          { questionId: blank!, score: 5 },
          { questionId: answer!, score: 15 },
        ],
      },
    ],
  };
  const cloud: BankPaperInput = {
    subjectCode,
    title: '高一数学基础练习（云）',
    subtitle: '方程与不等式',
    durationMinutes: 30,
    gradeNum: 10,
    sections: [
      {
        title: '练习',
        questions: [
          { questionId: cloudSingle!, score: 5 },
          { questionId: cloudAnswer!, score: 10 },
        ],
      },
    ],
  };
  await insertPaper(db, { schoolId: null, userId: null }, cloud, at, null);
  return insertPaper(db, { schoolId, userId: null }, school, at, SEED_KEY);
}
