import type { Clock } from '../core/clock';
import { chinaTime } from '../core/chinaTime';
import type { Db } from '../core/database';
import { homeworkAssigned, homeworkDue, type HomeworkTarget } from '../message/events';
import { notifyIn } from '../message/notify';

/**
 * The homework messages (docs/messages.md): 作业布置 when a homework is assigned to a class, and
 * 作业截止 when an assignment's due time has passed, found by a periodic sweep.
 */

/** Assignments the sweep handles in one transaction each, at most this many per run. */
const SWEEP_BATCH = 200;

interface Target extends HomeworkTarget {
  /** Who assigned it and the class's teachers of the subject (or the teaching class's). */
  assignedBy: number;
  subjectTeachers: number[];
  students: number;
  /** Students who handed in by the due time. */
  submitted: number;
  questions: number;
}

/** The homework, class and teachers of one assignment; null when it is gone. */
async function targetOf(db: Db, assignmentId: number): Promise<Target | null> {
  const row = await db
    .selectFrom('homework_assignments as a')
    .innerJoin('homeworks as h', 'h.id', 'a.homework_id')
    .innerJoin('subjects as s', 's.id', 'h.subject_id')
    .leftJoin('classes as c', 'c.id', 'a.class_id')
    .leftJoin('teaching_classes as t', 't.id', 'a.teaching_class_id')
    .select([
      'a.id',
      'a.school_id',
      'a.class_id',
      'a.teaching_class_id',
      'a.due_at',
      'a.assigned_by',
      'h.id as homework_id',
      'h.name as homework_name',
      'h.academic_year',
      'h.subject_id',
      's.name as subject_name',
      'c.name as class_name',
      't.name as teaching_class_name',
      't.teacher_id',
    ])
    .where('a.id', '=', assignmentId)
    .executeTakeFirst();
  if (!row) return null;
  const count = (n: { n: number | string } | undefined) => Number(n?.n ?? 0);
  let students = 0;
  const subjectTeachers: number[] = [];
  if (row.class_id !== null) {
    students = count(
      await db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('class_id', '=', row.class_id)
        .where('school_id', '=', row.school_id)
        .executeTakeFirst(),
    );
    const teachers = await db
      .selectFrom('teaching_assignments')
      .select('user_id')
      .where('school_id', '=', row.school_id)
      .where('academic_year', '=', row.academic_year)
      .where('class_id', '=', row.class_id)
      .where('subject_id', '=', row.subject_id)
      .execute();
    subjectTeachers.push(...teachers.map((t) => t.user_id));
  } else if (row.teaching_class_id !== null) {
    students = count(
      await db
        .selectFrom('teaching_class_students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('teaching_class_id', '=', row.teaching_class_id)
        .executeTakeFirst(),
    );
    if (row.teacher_id !== null) subjectTeachers.push(row.teacher_id);
  }
  // Hand-ins of this class's (or teaching class's) students; a later scan replaces, never adds.
  let handedIn = db
    .selectFrom('homework_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('homework_id', '=', row.homework_id)
    .where('school_id', '=', row.school_id);
  if (row.class_id !== null) handedIn = handedIn.where('class_id', '=', row.class_id);
  else if (row.teaching_class_id !== null)
    handedIn = handedIn.where('student_id', 'in', (eb) =>
      eb
        .selectFrom('teaching_class_students')
        .select('student_id')
        .where('teaching_class_id', '=', row.teaching_class_id!),
    );
  const submitted = count(await handedIn.executeTakeFirst());
  const questions = count(
    await db
      .selectFrom('homework_questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('homework_id', '=', row.homework_id)
      .executeTakeFirst(),
  );
  return {
    assignmentId: row.id,
    schoolId: row.school_id,
    homeworkName: row.homework_name,
    subjectName: row.subject_name,
    className: row.class_name ?? row.teaching_class_name ?? '',
    dueText: chinaTime(row.due_at),
    assignedBy: row.assigned_by,
    subjectTeachers,
    students,
    submitted,
    questions,
  };
}

/**
 * 作业布置, inside the assigning transaction: for each new assignment, the class's subject
 * teachers other than the one who assigned it (nobody when they assign their own class).
 */
export async function notifyAssigned(
  trx: Db,
  at: number,
  assignmentIds: readonly number[],
): Promise<void> {
  for (const id of assignmentIds) {
    const t = await targetOf(trx, id);
    const others = t?.subjectTeachers.filter((u) => u !== t.assignedBy) ?? [];
    if (t && others.length > 0) await notifyIn(trx, at, homeworkAssigned(t, others));
  }
}

/**
 * One run of the due sweep: every assignment whose due time has passed and whose teachers were
 * not told yet is claimed (`due_notified_at`, set only while null) and told in the same
 * transaction, so a rerun, or two servers sweeping at once, never tell anyone twice; a failed
 * message leaves the claim undone for the next run. Answers how many assignments were told.
 */
export async function sweepHomeworkDue(db: Db, clock: Clock): Promise<number> {
  const now = clock.now().getTime();
  const due = await db
    .selectFrom('homework_assignments')
    .select('id')
    .where('due_notified_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(SWEEP_BATCH)
    .execute();
  let told = 0;
  for (const { id } of due) {
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('homework_assignments')
        .set({ due_notified_at: now })
        .where('id', '=', id)
        .where('due_notified_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const t = await targetOf(trx, id);
      if (t)
        await notifyIn(
          trx,
          now,
          homeworkDue(t, { students: t.students, submitted: t.submitted, questions: t.questions }, [
            t.assignedBy,
            ...t.subjectTeachers,
          ]),
        );
      return true;
    });
    if (claimed) told += 1;
  }
  return told;
}

/**
 * Starts the sweep every `intervalMs` (and once at once) with the server; answers the stop
 * function. A run that fails is logged and the next one tries again; runs never overlap.
 */
export function startHomeworkDueSweep(
  db: Db,
  clock: Clock,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = sweepHomeworkDue(db, clock)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
