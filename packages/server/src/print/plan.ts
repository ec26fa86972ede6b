import {
  DEFAULT_PRINT_SPARE,
  type PrintExam,
  type PrintPlan,
  type PrintTask,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import { classesForSubject, type DataScope } from '../core/scope';
import type { ExamRow } from '../exam/access';

/** Who asks: the data scope, the user and whether they manage the exam. */
export interface Viewer {
  scope: DataScope;
  userId: number;
  manager: boolean;
}

/** A task with what the server needs beyond the answer. */
export interface TaskInfo extends PrintTask {
  /** The school's subject of the exam subject (null: not in the school's list). */
  schoolSubjectId: number | null;
}

/** Manages an exam's printing: school-wide roles or the grade's 年级主任 (with Exam-Print). */
export const isPrintManager = (scope: DataScope, exam: ExamRow) =>
  scope.schoolWide || scope.leadGradeIds.has(exam.grade_id);

/**
 * Every task of an exam: each subject in each class with students sitting it. Counts are live
 * (the roster as it is now), plus the plan's spare per class.
 */
export async function allTasks(db: Db, exam: ExamRow, userId: number): Promise<TaskInfo[]> {
  const [subjects, classes, perClass, electives, stored, schoolSubjects, plan] = await Promise.all([
    db
      .selectFrom('exam_subjects')
      .select(['id', 'subject_code', 'subject_name', 'elective', 'sheet_saved_at'])
      .where('exam_id', '=', exam.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('exam_classes as ec')
      .innerJoin('classes as c', 'c.id', 'ec.class_id')
      .select(['c.id', 'c.name'])
      .where('ec.exam_id', '=', exam.id)
      .orderBy('c.name')
      .execute(),
    db
      .selectFrom('exam_students')
      .select((eb) => ['class_id', eb.fn.countAll<number>().as('n')])
      .where('exam_id', '=', exam.id)
      .groupBy('class_id')
      .execute(),
    db
      .selectFrom('exam_student_electives as e')
      .innerJoin('exam_subjects as s', 's.id', 'e.exam_subject_id')
      .innerJoin('exam_students as es', (join) =>
        join.onRef('es.student_id', '=', 'e.student_id').onRef('es.exam_id', '=', 's.exam_id'),
      )
      .select((eb) => ['e.exam_subject_id', 'es.class_id', eb.fn.countAll<number>().as('n')])
      .where('s.exam_id', '=', exam.id)
      .groupBy(['e.exam_subject_id', 'es.class_id'])
      .execute(),
    db
      .selectFrom('exam_print_tasks as t')
      .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
      .leftJoin('users as u', 'u.id', 't.printer_user_id')
      .select([
        't.exam_subject_id',
        't.class_id',
        't.printer_user_id',
        'u.nick_name',
        't.printed_at',
        't.informed_at',
      ])
      .where('s.exam_id', '=', exam.id)
      .execute(),
    db
      .selectFrom('subjects')
      .select(['id', 'code', 'name'])
      .where('school_id', '=', exam.school_id)
      .execute(),
    db
      .selectFrom('exam_print_plans')
      .select('spare')
      .where('exam_id', '=', exam.id)
      .executeTakeFirst(),
  ]);
  const spare = plan?.spare ?? DEFAULT_PRINT_SPARE;
  const classCount = new Map(perClass.map((r) => [r.class_id, Number(r.n)]));
  const electiveCount = new Map(
    electives.map((r) => [`${r.exam_subject_id}:${r.class_id}`, Number(r.n)]),
  );
  const rows = new Map(stored.map((r) => [`${r.exam_subject_id}:${r.class_id}`, r]));
  const tasks: TaskInfo[] = [];
  for (const s of subjects) {
    const own =
      schoolSubjects.find((x) => x.code === s.subject_code) ??
      schoolSubjects.find((x) => x.name === s.subject_name);
    for (const c of classes) {
      const key = `${s.id}:${c.id}`;
      const students =
        s.elective === 1 ? (electiveCount.get(key) ?? 0) : (classCount.get(c.id) ?? 0);
      if (students === 0) continue;
      const row = rows.get(key);
      const copies = students + spare;
      const hasSheet = s.sheet_saved_at !== null;
      tasks.push({
        examSubjectId: s.id,
        subjectName: s.subject_name,
        classId: c.id,
        className: c.name,
        students,
        paperCopies: copies,
        sheetCopies: hasSheet ? copies : 0,
        hasSheet,
        printerId: row?.printer_user_id ?? null,
        printerName: row?.printer_user_id != null ? (row.nick_name ?? null) : null,
        state: row?.printed_at != null ? 'printed' : 'pending',
        printedAt: row?.printed_at ?? null,
        informedAt: row?.informed_at ?? null,
        canMark: false,
        schoolSubjectId: own?.id ?? null,
      });
    }
  }
  for (const t of tasks) t.canMark = t.printerId === userId;
  return tasks;
}

/**
 * The tasks a viewer sees: all for a manager; otherwise those of their classes and subjects
 * (the scope rule of docs/scope.md) and those they print.
 */
export async function visibleTasks(db: Db, exam: ExamRow, viewer: Viewer): Promise<TaskInfo[]> {
  const tasks = await allTasks(db, exam, viewer.userId);
  if (viewer.manager) return tasks.map((t) => ({ ...t, canMark: true }));
  const classesBySubject = new Map<number | null, Set<number> | null>();
  const inScope = (t: TaskInfo) => {
    if (!classesBySubject.has(t.schoolSubjectId)) {
      const ids = classesForSubject(viewer.scope, t.schoolSubjectId);
      classesBySubject.set(t.schoolSubjectId, ids === null ? null : new Set(ids));
    }
    const ids = classesBySubject.get(t.schoolSubjectId);
    return ids === null || (ids?.has(t.classId) ?? false);
  };
  return tasks.filter((t) => t.printerId === viewer.userId || inScope(t));
}

/** The list row of an exam for the tasks given. */
export function printExamOf(
  exam: ExamRow,
  gradeName: string,
  tasks: readonly PrintTask[],
): PrintExam {
  return {
    examId: exam.id,
    examName: exam.name,
    gradeName,
    examDate: exam.exam_date,
    state: exam.state,
    taskCount: tasks.length,
    printedCount: tasks.filter((t) => t.state === 'printed').length,
    informedCount: tasks.filter((t) => t.informedAt !== null).length,
  };
}

/** The answer of examprint get for a viewer. */
export async function planOf(db: Db, exam: ExamRow, viewer: Viewer): Promise<PrintPlan> {
  const [tasks, grade, plan, printers] = await Promise.all([
    visibleTasks(db, exam, viewer),
    db.selectFrom('grades').select('name').where('id', '=', exam.grade_id).executeTakeFirst(),
    db
      .selectFrom('exam_print_plans')
      .select('spare')
      .where('exam_id', '=', exam.id)
      .executeTakeFirst(),
    viewer.manager
      ? db
          .selectFrom('teachers as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['u.id as userId', 'u.nick_name as nickName'])
          .where('t.school_id', '=', exam.school_id)
          .where('u.status', '=', 1)
          .orderBy('u.nick_name')
          .orderBy('u.id')
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    exam: printExamOf(exam, grade?.name ?? '', tasks),
    spare: plan?.spare ?? DEFAULT_PRINT_SPARE,
    manager: viewer.manager,
    tasks: tasks.map(({ schoolSubjectId: _, ...t }) => t),
    printers,
  };
}
