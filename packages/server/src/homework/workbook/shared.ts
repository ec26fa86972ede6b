/** What the 教辅 routes share: who sees and may change a batch, its chapters, deleting chapters. */
import type { WorkbookBatch } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/database';
import { badRequest, forbidden, notFound } from '../../core/envelope';
import type { Access } from '../../core/scope';
import { loadHomework, targetsOf } from '../access';
import { visibleIn } from '../create';
import { studentsOf, type HomeworkStudent } from '../submissions/students';
import type { HomeworkWorkbooksTable } from './tables';

export const TAG = 'homework';
export const KEY = 'Homework-Analysis';

export type WorkbookRow = Selectable<HomeworkWorkbooksTable>;

/** Names and titles are kept without surrounding spaces. */
export const trimmed = (s: string) => s.trim();

/** The batches of the session's school and year whose grade × subject the caller's scope reaches. */
export const visibleBatches = (db: Db, access: Access) =>
  visibleIn(db, access, 'homework_workbooks');

/** The batch's classes the caller may set its homework for (all for school-wide roles). */
export async function myClassesOf(db: Db, access: Access, batch: WorkbookRow) {
  const scope = await access.scope();
  const [classes, targets] = await Promise.all([
    db
      .selectFrom('homework_workbook_classes as w')
      .innerJoin('classes as c', 'c.id', 'w.class_id')
      .select(['c.id', 'c.name'])
      .where('w.workbook_id', '=', batch.id)
      .orderBy('c.id')
      .execute(),
    targetsOf(db, scope, access.session.userId, batch.grade_id, batch.subject_id),
  ]);
  return classes.filter((c) => targets.some((t) => t.kind === 'class' && t.id === c.id));
}

/** The batch's teaching classes (教学班) the caller may set its homework for. */
export async function myTeachingClassesOf(db: Db, access: Access, batch: WorkbookRow) {
  const scope = await access.scope();
  const [classes, targets] = await Promise.all([
    db
      .selectFrom('homework_workbook_teaching_classes as w')
      .innerJoin('teaching_classes as t', 't.id', 'w.teaching_class_id')
      .select(['t.id', 't.name'])
      .where('w.workbook_id', '=', batch.id)
      .orderBy('t.id')
      .execute(),
    targetsOf(db, scope, access.session.userId, batch.grade_id, batch.subject_id),
  ]);
  return classes.filter((c) => targets.some((t) => t.kind === 'teachingClass' && t.id === c.id));
}

/** The message of a change refused to one who may not change the batch. */
export const NOT_EDITABLE = '只有教辅的创建人或任教它全部班级的老师可以修改';

/**
 * Whether the caller may change the batch (docs/homework.md "教辅", "Changing and deleting"):
 * its maker, a school-wide role, or one who may set homework for every class and teaching class
 * of it. A reader
 * (a bureau seat) never.
 */
export async function editableBy(db: Db, access: Access, batch: WorkbookRow): Promise<boolean> {
  const scope = await access.scope();
  if (scope.wholeSchoolReader) return false;
  if (batch.created_by === access.session.userId || scope.schoolWide) return true;
  const [all, mine, allTeaching, mineTeaching] = await Promise.all([
    db
      .selectFrom('homework_workbook_classes')
      .select('class_id')
      .where('workbook_id', '=', batch.id)
      .execute(),
    myClassesOf(db, access, batch),
    db
      .selectFrom('homework_workbook_teaching_classes')
      .select('teaching_class_id')
      .where('workbook_id', '=', batch.id)
      .execute(),
    myTeachingClassesOf(db, access, batch),
  ]);
  return (
    all.length + allTeaching.length > 0 &&
    all.every((c) => mine.some((m) => m.id === c.class_id)) &&
    allTeaching.every((c) => mineTeaching.some((m) => m.id === c.teaching_class_id))
  );
}

export async function batchView(db: Db, access: Access, row: WorkbookRow): Promise<WorkbookBatch> {
  const [grade, subject, chapters, classes, teachingClasses, editable] = await Promise.all([
    db.selectFrom('grades').select('name').where('id', '=', row.grade_id).executeTakeFirst(),
    db.selectFrom('subjects').select('name').where('id', '=', row.subject_id).executeTakeFirst(),
    db
      .selectFrom('homework_workbook_chapters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workbook_id', '=', row.id)
      .executeTakeFirst(),
    myClassesOf(db, access, row),
    myTeachingClassesOf(db, access, row),
    editableBy(db, access, row),
  ]);
  return {
    id: row.id,
    name: row.name,
    publisher: row.publisher,
    gradeId: row.grade_id,
    gradeName: grade?.name ?? '',
    subjectId: row.subject_id,
    subjectName: subject?.name ?? '',
    classes,
    teachingClasses,
    chapterCount: Number(chapters?.n ?? 0),
    createdAt: Number(row.created_at),
    editable,
  };
}

/** A batch the caller sees; another school's, another year's or one out of scope 404. */
export async function openBatch(db: Db, access: Access, id: number) {
  await access.require(KEY);
  const row = await (await visibleBatches(db, access)).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('教辅不存在');
  return row;
}

/** The batch's chapters in book order, each with its homework. */
export async function chaptersOf(db: Db, access: Access, batch: WorkbookRow) {
  const rows = await db
    .selectFrom('homework_workbook_chapters')
    .select(['homework_id', 'position', 'title'])
    .where('workbook_id', '=', batch.id)
    .orderBy('position')
    .execute();
  const out = [];
  for (const c of rows) {
    // A chapter the caller may not see (another's, outside their scope) is left out.
    const homework = await loadHomework(db, access, c.homework_id).catch(() => null);
    if (!homework) continue;
    const [questions, students] = await Promise.all([
      db
        .selectFrom('homework_questions')
        .selectAll()
        .where('homework_id', '=', homework.id)
        .orderBy('no')
        .execute(),
      homework.state === 'assigned' ? studentsOf(db, access, homework) : [],
    ]);
    const subs = await db
      .selectFrom('homework_submissions')
      .select(['id', 'student_id', 'status', 'score'])
      .where('homework_id', '=', homework.id)
      .where('student_id', 'in', [0, ...students.map((s) => s.studentId)])
      .execute();
    out.push({ chapter: c, homework, questions, students, subs });
  }
  return out;
}

/** The students a view covers: those of some classes and the members of some teaching classes. */
export interface Reach {
  classIds: number[];
  memberIds: number[];
}

/**
 * The students a view is narrowed to: one of the caller's classes of the batch, the members of
 * one of the caller's teaching classes of it, or all their classes and the members of all their
 * teaching classes of it. A class and a teaching class together are refused.
 */
export async function narrowTo(
  db: Db,
  access: Access,
  batch: WorkbookRow,
  filter: { classId?: number | null; teachingClassId?: number | null } = {},
): Promise<Reach> {
  const classId = filter.classId ?? null;
  const teachingClassId = filter.teachingClassId ?? null;
  if (classId !== null && teachingClassId !== null) throw badRequest('请选择一个班级或一个教学班');
  if (classId !== null) {
    const mine = await myClassesOf(db, access, batch);
    if (!mine.some((c) => c.id === classId)) throw notFound('班级不存在');
    return { classIds: [classId], memberIds: [] };
  }
  const teaching = await myTeachingClassesOf(db, access, batch);
  if (teachingClassId !== null && !teaching.some((t) => t.id === teachingClassId))
    throw notFound('教学班不存在');
  const members = await db
    .selectFrom('teaching_class_students')
    .select('student_id')
    .where(
      'teaching_class_id',
      'in',
      teachingClassId !== null ? [teachingClassId] : [0, ...teaching.map((t) => t.id)],
    )
    .execute();
  const memberIds = members.map((m) => m.student_id);
  if (teachingClassId !== null) return { classIds: [], memberIds };
  const mine = await myClassesOf(db, access, batch);
  return { classIds: mine.map((c) => c.id), memberIds };
}

/** The school's students a view covers (`narrowTo`), with their class's name: a query to finish. */
export function reachedStudents(db: Db, schoolId: number, reach: Reach) {
  return db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.id', 's.student_no', 's.name', 'c.name as className'])
    .where('s.school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('s.class_id', 'in', [0, ...reach.classIds]),
        eb('s.id', 'in', [0, ...reach.memberIds]),
      ]),
    );
}

/** Whether a student is one the view covers. */
export const inClasses = (reach: Reach) => (s: HomeworkStudent) =>
  reach.classIds.includes(s.classId) || reach.memberIds.includes(s.studentId);

/** A batch the caller sees and may change; one they only see answers 403. */
export async function editBatch(db: Db, access: Access, id: number) {
  const batch = await openBatch(db, access, id);
  if (!(await editableBy(db, access, batch))) throw forbidden(NOT_EDITABLE);
  return batch;
}

/** A chapter of a batch the caller sees (else 章节不存在) and may change (else 403). */
export async function editChapter(db: Db, access: Access, homeworkId: number) {
  await access.require(KEY);
  const chapter = await db
    .selectFrom('homework_workbook_chapters')
    .selectAll()
    .where('homework_id', '=', homeworkId)
    .executeTakeFirst();
  if (!chapter) throw notFound('章节不存在');
  const batch = await openBatch(db, access, chapter.workbook_id).catch(() => {
    throw notFound('章节不存在');
  });
  await loadHomework(db, access, chapter.homework_id).catch(() => {
    throw notFound('章节不存在');
  });
  if (!(await editableBy(db, access, batch))) throw forbidden(NOT_EDITABLE);
  return { chapter, batch };
}

/**
 * Deletes the chapters' homework (and with them the chapter rows, their questions and
 * assignments) in one statement that skips any with a hand-in, so a hand-in arriving meanwhile
 * keeps its chapter; answers how many were deleted.
 */
export async function deleteWithoutHandIns(trx: Db, schoolId: number, ids: number[]) {
  const result = await trx
    .deleteFrom('homeworks')
    .where('id', 'in', [0, ...ids])
    .where('school_id', '=', schoolId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('homework_submissions as s')
            .select('s.id')
            .whereRef('s.homework_id', '=', 'homeworks.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Closes the gap a deleted chapter leaves: positions 1..n in book order again. */
export async function renumber(trx: Db, workbookId: number) {
  const rows = await trx
    .selectFrom('homework_workbook_chapters')
    .select(['homework_id', 'position'])
    .where('workbook_id', '=', workbookId)
    .orderBy('position')
    .execute();
  // Negative first, so the unique (workbook, position) never meets two rows mid-way.
  for (const [i, c] of rows.entries())
    if (c.position !== i + 1)
      await trx
        .updateTable('homework_workbook_chapters')
        .set({ position: -(i + 1) })
        .where('homework_id', '=', c.homework_id)
        .execute();
  await trx
    .updateTable('homework_workbook_chapters')
    .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
    .where('workbook_id', '=', workbookId)
    .where('position', '<', 0)
    .execute();
}

export const HAS_HAND_INS = '该章节已有学生提交，不能删除；可以重命名';
