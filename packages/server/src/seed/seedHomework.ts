import type { HomeworkQuestionInput } from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { demoGradeOneMath } from './queries';
import {
  dueNextEvening,
  insertSeedAssignment,
  insertSeedHomework,
  insertSeedQuestionPoints,
  insertSeedQuestions,
  storeSeedPaper,
} from './seedHomeworkRows';

/** The demo homework (docs/demo-school.md): one of each state, 高一数学, set by the 任课教师. */
export const DEMO_HOMEWORK = {
  draft: '集合练习（待拆题）',
  ready: '函数的概念练习',
  assigned: '函数的单调性练习',
} as const;

const QUESTIONS: HomeworkQuestionInput[] = [
  { label: '1', type: 'objective', answer: 'B', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'AC', fullMarks: 5 },
  { label: '3', type: 'objective', answer: 'D', fullMarks: 5 },
  { label: '4', type: 'subjective', answer: null, fullMarks: 10 },
  { label: '5', type: 'subjective', answer: null, fullMarks: 15 },
];

/** The knowledge points the teacher tagged the questions with (the demo bank's 数学 tree). */
const POINTS = [
  ['集合与函数'],
  ['集合与函数'],
  ['二次函数'],
  ['二次函数'],
  ['二次函数', '一元二次不等式'],
];

/**
 * Seeds the demo homework after `seedDemo`: 高一数学 by the 任课教师 (login `teacher`), one
 * homework 待拆题, one 待布置 and one 已布置 to 高一(1)班, due tomorrow at 22:00 China time.
 * Records are checked against the forms' contracts. Idempotent by name.
 */
export async function seedHomework(
  db: Db,
  files: FileStore,
  options: { clock?: Clock } = {},
): Promise<{ ids: number[] } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const found = await demoGradeOneMath(db, 'teacher');
  if (!found) return null;
  const { schoolId, subject } = found;
  if (!subject) throw new Error('演示学校没有数学学科');
  const place = { ...found, subject };
  const ids: number[] = [];
  const states = ['draft', 'ready', 'assigned'] as const;
  for (const [i, state] of states.entries()) {
    const name = DEMO_HOMEWORK[state];
    const existing = await db
      .selectFrom('homeworks')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const paper = await storeSeedPaper(files, place, {
      name,
      title: `Homework ${i + 1}`,
      file: `demo-${state}`,
      idempotencyKey: `demo-homework-${state}`,
    });
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertSeedHomework(trx, place, paper, {
        state,
        createdAt: now - (3 - i) * 3_600_000,
      });
      if (state === 'draft') return id;
      await insertSeedQuestions(trx, { id, name }, QUESTIONS);
      await insertSeedQuestionPoints(trx, { id, name }, POINTS);
      if (state === 'ready') return id;
      // Tomorrow 22:00 in China (UTC+8).
      await insertSeedAssignment(
        trx,
        place,
        { id, name },
        {
          dueAt: dueNextEvening(now),
          estimatedMinutes: 25,
          assignedAt: now,
        },
      );
      return id;
    });
    ids.push(id);
  }
  return { ids };
}
