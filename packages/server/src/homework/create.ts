import type { Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';
import { badRequest } from '../core/envelope';
import type { Access, DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { subjectsOf } from '../school/common';
import { reachesGradeSubject } from './access';
import { assertWrittenAllowed } from './doubleReduction';

/** The grades × subjects a scope reaches (classes of the session's year). */
export async function reachable(db: Db, scope: DataScope) {
  const [grades, subjects, classes] = await Promise.all([
    db
      .selectFrom('grades')
      .select(['id', 'name', 'grade_num'])
      .where('school_id', '=', scope.schoolId)
      .where('academic_year', '=', scope.academicYear)
      .orderBy('grade_num')
      .orderBy('id')
      .execute(),
    subjectsOf(db, scope.schoolId),
    db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.grade_id'])
      .where('g.school_id', '=', scope.schoolId)
      .where('g.academic_year', '=', scope.academicYear)
      .execute(),
  ]);
  return grades.flatMap((g) => {
    const classIds = classes.filter((c) => c.grade_id === g.id).map((c) => c.id);
    return subjects
      .filter((s) => reachesGradeSubject(scope, classIds, s.id))
      .map((s) => ({ grade: g, subject: s }));
  });
}

/**
 * Whether the caller sees a row of one grade × subject (作业分组, 字词练习): its maker and
 * school-wide roles do, others when they reach its grade and subject.
 */
export async function reachesRow(
  db: Db,
  access: Access,
  row: { created_by: number; grade_id: number; subject_id: number },
): Promise<boolean> {
  const scope = await access.scope();
  if (scope.schoolWide || row.created_by === access.session.userId) return true;
  const pairs = await reachable(db, scope);
  return pairs.some((p) => p.grade.id === row.grade_id && p.subject.id === row.subject_id);
}

/**
 * Creates a row once per idempotency key: the row `earlier()` finds answers a retry, looked up
 * before `create` runs and again when it fails (a concurrent retry won the key meanwhile).
 */
export async function onceByKey(
  earlier: () => Promise<{ id: number } | undefined>,
  create: () => Promise<number>,
): Promise<{ id: number }> {
  const found = await earlier();
  if (found) return { id: found.id };
  try {
    return { id: await create() };
  } catch (error) {
    const winner = await earlier();
    if (winner) return { id: winner.id };
    throw error;
  }
}

/** The homework the user made with this client key (a retried create), if any. */
export function homeworkByKey(db: Db, session: SessionInfo, key: string) {
  return db
    .selectFrom('homeworks')
    .select('id')
    .where('school_id', '=', session.schoolId)
    .where('created_by', '=', session.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The checks every way of creating homework shares: a name, a grade × subject in the user's
 * scope, and written homework allowed in that grade (双减).
 */
export async function creatable(
  db: Db,
  access: Access,
  body: { name: string; gradeId: number; subjectId: number },
) {
  const name = body.name.trim();
  if (name === '') throw badRequest('作业名称不能为空');
  const pair = (await reachable(db, await access.scope())).find(
    (p) => p.grade.id === body.gradeId && p.subject.id === body.subjectId,
  );
  if (!pair) throw badRequest('年级或科目不存在，或不在您的任教范围');
  assertWrittenAllowed(pair.grade.grade_num);
  return { name, pair };
}

/** The columns of a new homework that every way of creating one fills the same. */
export function homeworkValues(
  session: SessionInfo,
  made: {
    name: string;
    pair: { grade: { id: number }; subject: { id: number } };
    key: string;
    at: number;
  },
) {
  return {
    school_id: session.schoolId,
    academic_year: session.academicYear,
    grade_id: made.pair.grade.id,
    subject_id: made.pair.subject.id,
    name: made.name,
    created_by: session.userId,
    idempotency_key: made.key,
    created_at: made.at,
    updated_at: made.at,
  };
}

/**
 * Inserts a new homework without an uploaded paper (题库作业 `bank`, 作文 `composition`, a 教辅
 * chapter `workbook`) with its question rows (made for its id), ready at once: its paper key
 * names nothing in the file store, so removal deletes nothing. Its id.
 */
export async function insertPaperlessHomework(
  trx: Db,
  session: SessionInfo,
  made: Parameters<typeof homeworkValues>[1] & {
    kind: 'bank' | 'composition' | 'workbook';
    estimatedMinutes: number | null;
    questions: (homeworkId: number) => Insertable<DB['homework_questions']>[];
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('homeworks')
    .values({
      ...homeworkValues(session, made),
      state: 'ready',
      paper_key: `homework/${session.schoolId}/${made.kind}-${made.at}-${made.key}`,
      paper_name: '',
      paper_kind: made.kind,
      estimated_minutes: made.estimatedMinutes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('homework_questions').values(made.questions(id)).execute();
  return id;
}

/** The tables whose rows belong to a school year, a grade × subject and their author. */
type Reached = 'homeworks' | 'homework_workbooks';

/**
 * The rows of `table` of the session's school and year a user sees: every grade × subject their
 * scope reaches, and their own (the homework rule, docs/homework.md "Who sees what").
 */
export async function visibleIn<T extends Reached>(db: Db, access: Access, table: T) {
  const { session } = access;
  const scope = await access.scope();
  const q = (db as Kysely<Pick<DB, Reached>>)
    .selectFrom(table as Reached)
    .selectAll()
    .where('school_id', '=', session.schoolId)
    .where('academic_year', '=', session.academicYear);
  if (scope.schoolWide) return q as unknown as VisibleQuery<T>;
  const pairs = await reachable(db, scope);
  return q.where((eb) =>
    eb.or([
      eb('created_by', '=', session.userId),
      ...pairs.map((p) =>
        eb.and([eb('grade_id', '=', p.grade.id), eb('subject_id', '=', p.subject.id)]),
      ),
    ]),
  ) as unknown as VisibleQuery<T>;
}

type VisibleQuery<T extends Reached> = SelectQueryBuilder<DB, T, Selectable<DB[T]>>;

/** The homework of the session's school and year a user sees. */
export const visibleHomeworks = (db: Db, access: Access) => visibleIn(db, access, 'homeworks');
