import { appraiseRoutes, type BodyOf } from '@examkit/contracts';
import type { Transaction } from 'kysely';
import { checkAppraisals, writeAppraisals } from '../appraise/routes';
import type { DB } from '../core/schema';
import type { DataScope } from '../core/scope';
import { checkSeed } from './checkSeed';

/** The demo's 能力 (kind 1) and 素养 (kind 2) items of 语文, and their levels in 高一(1)班. */
const ITEMS: [kind: 1 | 2, name: string][] = [
  [1, '阅读理解'],
  [1, '写作表达'],
  [2, '文化传承'],
];
const LEVELS = ['A', 'B', 'A', 'C', 'B', 'D'] as const;
/** The demo's term 评语 of the class's first two students. */
const COMMENTS = [
  '学习态度端正，乐于助人，阅读面广，希望在写作上多下功夫。',
  '思维活跃，课堂参与积极，作业偶有粗心，期待更加细致。',
];

/**
 * 综合评价 of the demo (docs/appraise.md): 语文's items in 能力设置 and 素养设置, and the first
 * term's levels of 高一(1)班's first six students (and the 评语 of the first two), recorded by its 班主任 through the checks of a
 * save. 数学 has no items: the settings tests start from none.
 */
export async function seedAppraise(
  trx: Transaction<DB>,
  schoolId: number,
  academicYear: number,
  now: number,
): Promise<void> {
  const subject = await trx
    .selectFrom('subjects')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', '语文')
    .executeTakeFirstOrThrow();
  const cls = await trx
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select('c.id')
    .where('g.school_id', '=', schoolId)
    .where('g.academic_year', '=', academicYear)
    .where('c.name', '=', '高一(1)班')
    .executeTakeFirstOrThrow();
  const head = await trx
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('login_name', '=', 'head')
    .executeTakeFirstOrThrow();
  const items = [];
  // idempotent, as the whole seed: an item seeded before is found again
  for (const [kind, name] of ITEMS) {
    const values = { school_id: schoolId, kind, subject_id: subject.id, name };
    await trx
      .insertInto('ability_items')
      .values(values)
      .onConflict((oc) => oc.columns(['school_id', 'kind', 'subject_id', 'name']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('ability_items')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('kind', '=', kind)
      .where('subject_id', '=', subject.id)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    items.push({ id: row.id, kind });
  }
  const students = await trx
    .selectFrom('students')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('class_id', '=', cls.id)
    .orderBy('student_no')
    .limit(LEVELS.length)
    .execute();
  const scope: DataScope = {
    schoolId,
    academicYear,
    schoolWide: true,
    leadGradeIds: new Set(),
    fullClassIds: new Set(),
    subjectsByClass: new Map(),
    gradeIds: new Set(),
  };
  for (const kind of [1, 2] as const) {
    const body: BodyOf<typeof appraiseRoutes.save> = {
      classId: cls.id,
      term: 1,
      kind,
      subjectId: subject.id,
      records: items
        .filter((i) => i.kind === kind)
        .flatMap((item, k) =>
          students.map((s, i) => ({
            studentId: s.id,
            itemId: item.id,
            level: LEVELS[(i + k) % LEVELS.length]!,
            comment: i === 0 ? '课堂发言积极，表达清楚' : '',
          })),
        ),
      // the 班主任's term 评语 of the first two students, written once with the 能力 levels
      comments:
        kind === 1
          ? students.slice(0, 2).map((s, i) => ({ studentId: s.id, comment: COMMENTS[i]! }))
          : [],
    };
    checkSeed(appraiseRoutes.save.body, body, '综合评价');
    await checkAppraisals(trx, scope, body);
    await writeAppraisals(trx, scope, head.id, now, body);
  }
}
