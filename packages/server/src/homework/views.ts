import type { HomeworkDetail, HomeworkState, HomeworkSummary } from '@examkit/contracts';
import type { Db } from '../core/database';
import { classStudentCount } from '../school/classQueries';
import { gradeSubjectFieldsOf } from './gradeSubjectFields';
import type { HomeworkRow } from './access';
import { dailyLimitOf, writtenRefused } from './doubleReduction';
import { questionKey, questionPointsOf } from './questionPoints';

/** The list rows of some homework, read in a few queries for the whole page. */
export async function summariesOf(
  db: Db,
  rows: readonly HomeworkRow[],
): Promise<HomeworkSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [gradeSubject, users, questions, assignments] = await Promise.all([
    gradeSubjectFieldsOf(db, rows),
    db
      .selectFrom('users')
      .select(['id', 'nick_name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.created_by))])
      .execute(),
    db
      .selectFrom('homework_questions')
      .select(['homework_id', 'full_marks'])
      .where('homework_id', 'in', ids)
      .execute(),
    db
      .selectFrom('homework_assignments as a')
      .leftJoin('classes as c', 'c.id', 'a.class_id')
      .leftJoin('teaching_classes as tc', 'tc.id', 'a.teaching_class_id')
      .select(['a.homework_id', 'a.due_at', 'c.name as className', 'tc.name as teachingName'])
      .where('a.homework_id', 'in', ids)
      .orderBy('a.id')
      .execute(),
  ]);
  const name = <T extends { id: number }>(list: T[], id: number, pick: (t: T) => string) => {
    const found = list.find((x) => x.id === id);
    return found ? pick(found) : '';
  };
  return rows.map((r) => {
    const qs = questions.filter((q) => q.homework_id === r.id);
    const as = assignments.filter((a) => a.homework_id === r.id);
    const dues = as.map((a) => Number(a.due_at));
    return {
      id: r.id,
      name: r.name,
      ...gradeSubject(r),
      state: r.state as HomeworkState,
      questionCount: qs.length,
      fullMarks: qs.reduce((sum, q) => sum + Number(q.full_marks), 0),
      targets: as.map((a) => a.className ?? a.teachingName ?? ''),
      dueAt: dues.length ? Math.min(...dues) : null,
      createdAt: Number(r.created_at),
      creatorName: name(users, r.created_by, (u) => u.nick_name),
    };
  });
}

/** One homework with its questions, assignments and the 双减 facts of its grade. */
export async function detailOf(db: Db, row: HomeworkRow): Promise<HomeworkDetail> {
  const [[summary], questions, assignments, grade] = await Promise.all([
    summariesOf(db, [row]),
    db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', row.id)
      .orderBy('no')
      .execute(),
    db
      .selectFrom('homework_assignments as a')
      .leftJoin('classes as c', 'c.id', 'a.class_id')
      .leftJoin('teaching_classes as tc', 'tc.id', 'a.teaching_class_id')
      .select((eb) => [
        'a.class_id',
        'a.teaching_class_id',
        'a.due_at',
        'a.estimated_minutes',
        'a.assigned_at',
        'c.name as className',
        'tc.name as teachingName',
        classStudentCount('a.class_id').as('classCount'),
        eb
          .selectFrom('teaching_class_students as x')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('x.teaching_class_id', '=', 'a.teaching_class_id')
          .as('teachingCount'),
      ])
      .where('a.homework_id', '=', row.id)
      .orderBy('a.id')
      .execute(),
    db.selectFrom('grades').select('grade_num').where('id', '=', row.grade_id).executeTakeFirst(),
  ]);
  const gradeNum = grade?.grade_num ?? 0;
  const points = await questionPointsOf(db, questions);
  return {
    ...summary!,
    paperName: row.paper_name,
    paperKind:
      row.paper_kind === 'pdf' || row.paper_kind === 'bank' || row.paper_kind === 'workbook'
        ? row.paper_kind
        : 'image',
    questions: questions.map((q) => ({
      no: q.no,
      label: q.label,
      type: q.type === 'objective' ? 'objective' : 'subjective',
      answer: q.answer,
      fullMarks: Number(q.full_marks),
      points: points.get(questionKey(row.id, q.no)) ?? [],
    })),
    assignments: assignments.map((a) =>
      a.class_id !== null
        ? {
            kind: 'class' as const,
            id: a.class_id,
            name: a.className ?? '',
            studentCount: Number(a.classCount ?? 0),
            dueAt: Number(a.due_at),
            estimatedMinutes: a.estimated_minutes,
            assignedAt: Number(a.assigned_at),
          }
        : {
            kind: 'teachingClass' as const,
            id: a.teaching_class_id ?? 0,
            name: a.teachingName ?? '',
            studentCount: Number(a.teachingCount ?? 0),
            dueAt: Number(a.due_at),
            estimatedMinutes: a.estimated_minutes,
            assignedAt: Number(a.assigned_at),
          },
    ),
    writtenRefused: writtenRefused(gradeNum),
    dailyLimit: dailyLimitOf(gradeNum),
  };
}
