import type {
  Annotation,
  ReportStudentRow,
  ReportTarget,
  StudentHomeworkReport,
} from '@examkit/contracts';
import type { Db } from '../../core/database';
import { notFound } from '../../core/envelope';
import type { Access } from '../../core/scope';
import { targetsOf, type HomeworkRow } from '../access';
import { openForCorrection, studentsOf, type HomeworkStudent } from '../submissions/students';
import { questionHead } from '../questionHead';

export interface TargetFilter {
  classId: number | null;
  teachingClassId: number | null;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
export const rate = (sum: number, full: number) => (full > 0 ? round(sum / full) : null);
const num = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : Number(v);

/** The classes and teaching classes of a homework that the caller corrects. */
async function targetsOfHomework(
  db: Db,
  access: Access,
  homework: HomeworkRow,
): Promise<ReportTarget[]> {
  const [assigned, targets] = await Promise.all([
    db
      .selectFrom('homework_assignments')
      .select(['class_id', 'teaching_class_id'])
      .where('homework_id', '=', homework.id)
      .orderBy('id')
      .execute(),
    targetsOf(
      db,
      await access.scope(),
      access.session.userId,
      homework.grade_id,
      homework.subject_id,
    ),
  ]);
  const out: ReportTarget[] = [];
  for (const a of assigned) {
    const kind = a.class_id !== null ? 'class' : 'teachingClass';
    const id = a.class_id ?? a.teaching_class_id!;
    const t = targets.find((x) => x.kind === kind && x.id === id);
    if (t) out.push({ kind, id, name: t.name });
  }
  return out;
}

/**
 * The caller's students of a homework, its classes and teaching classes they correct, and the
 * students of the chosen one (all of them when none is chosen; another one: 404).
 */
export async function targetStudents(
  db: Db,
  access: Access,
  homework: HomeworkRow,
  filter: TargetFilter,
) {
  const [all, targets] = await Promise.all([
    studentsOf(db, access, homework),
    targetsOfHomework(db, access, homework),
  ]);
  const teachingMembers = new Map<number, Set<number>>();
  const teachingIds = targets.filter((t) => t.kind === 'teachingClass').map((t) => t.id);
  if (teachingIds.length > 0) {
    const rows = await db
      .selectFrom('teaching_class_students')
      .select(['teaching_class_id', 'student_id'])
      .where('teaching_class_id', 'in', teachingIds)
      .execute();
    for (const r of rows) {
      const set = teachingMembers.get(r.teaching_class_id) ?? new Set<number>();
      set.add(r.student_id);
      teachingMembers.set(r.teaching_class_id, set);
    }
  }
  const inTarget = (s: HomeworkStudent, t: { kind: string; id: number }) =>
    t.kind === 'class'
      ? s.classId === t.id
      : (teachingMembers.get(t.id)?.has(s.studentId) ?? false);
  let students = all;
  if (filter.classId !== null || filter.teachingClassId !== null) {
    const chosen =
      filter.classId !== null
        ? { kind: 'class', id: filter.classId }
        : { kind: 'teachingClass', id: filter.teachingClassId! };
    if (!targets.some((t) => t.kind === chosen.kind && t.id === chosen.id))
      throw notFound(chosen.kind === 'class' ? '班级不存在' : '教学班不存在');
    students = all.filter((s) => inTarget(s, chosen));
  }
  return { targets, students, inTarget };
}

/**
 * Everything a report of one homework reads, kept to the caller's students (those they correct)
 * and, when a class or teaching class is chosen, to its students.
 */
export async function reportData(db: Db, access: Access, id: number, filter: TargetFilter) {
  const homework = await openForCorrection(db, access, id);
  const [{ targets, students, inTarget }, questions, names] = await Promise.all([
    targetStudents(db, access, homework, filter),
    db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', homework.id)
      .orderBy('no')
      .execute(),
    Promise.all([
      db.selectFrom('grades').select('name').where('id', '=', homework.grade_id).executeTakeFirst(),
      db
        .selectFrom('subjects')
        .select('name')
        .where('id', '=', homework.subject_id)
        .executeTakeFirst(),
    ]).then(([g, s]) => ({ gradeName: g?.name ?? '', subjectName: s?.name ?? '' })),
  ]);
  const ids = students.map((s) => s.studentId);
  const subs =
    ids.length === 0
      ? []
      : await db
          .selectFrom('homework_submissions')
          .selectAll()
          .where('homework_id', '=', homework.id)
          .where('student_id', 'in', ids)
          .execute();
  const answers =
    subs.length === 0
      ? []
      : await db
          .selectFrom('homework_answers')
          .select(['submission_id', 'question_no', 'answer', 'score', 'judgement'])
          .where(
            'submission_id',
            'in',
            subs.map((s) => s.id),
          )
          .execute();
  const answersOf = new Map<number, typeof answers>();
  for (const a of answers)
    answersOf.set(a.submission_id, [...(answersOf.get(a.submission_id) ?? []), a]);
  const subOf = new Map(subs.map((s) => [s.student_id, s]));
  const fullMarks = questions.reduce((s, q) => s + Number(q.full_marks), 0);
  return {
    homework,
    gradeName: names.gradeName,
    subjectName: names.subjectName,
    targets,
    students,
    inTarget,
    questions,
    subs,
    subOf,
    answersOf,
    fullMarks,
  };
}

export type ReportData = Awaited<ReturnType<typeof reportData>>;

export const isDone = (status: string) => status === 'finished' || status === 'modified';

/** The rows of 学生 (and of 讲评), in 学号 order, with ranks among the corrected hand-ins. */
export function studentRows(
  data: ReportData,
  comments: ReadonlyMap<string, string>,
): ReportStudentRow[] {
  const rows = data.students.map((s) => {
    const sub = data.subOf.get(s.studentId);
    const answers = sub ? (data.answersOf.get(sub.id) ?? []) : [];
    return {
      studentId: s.studentId,
      studentNo: s.studentNo,
      name: s.name,
      className: s.className,
      status: (sub?.status ?? 'not_submitted') as ReportStudentRow['status'],
      source: (sub?.source ?? null) as ReportStudentRow['source'],
      late: sub?.late === 1,
      submissionId: sub?.id ?? null,
      score: num(sub?.score),
      rank: null as number | null,
      right: answers.filter((a) => a.judgement === 'right').length,
      wrong: answers.filter((a) => a.judgement === 'wrong').length,
      comment: comments.get(`student:${s.studentId}`) ?? null,
    };
  });
  const ranked = rows
    .filter((r) => isDone(r.status) && r.score !== null)
    .sort((a, b) => b.score! - a.score!);
  ranked.forEach((r, i) => {
    const prev = ranked[i - 1];
    r.rank = prev && prev.score === r.score ? prev.rank : i + 1;
  });
  return rows;
}

/** Comments of a homework by target (`class:<id>`, `student:<id>`). */
export async function commentsOf(db: Db, homeworkId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('homework_comments')
    .select(['target', 'text'])
    .where('homework_id', '=', homeworkId)
    .execute();
  return new Map(rows.map((r) => [r.target, r.text]));
}

/** One student's homework with every question's result, rubric items and annotations. */
export async function studentReport(
  db: Db,
  data: ReportData,
  studentId: number,
): Promise<StudentHomeworkReport> {
  const student = data.students.find((s) => s.studentId === studentId);
  if (!student) throw notFound('学生不存在');
  const sub = data.subOf.get(studentId);
  const [applied, annotations, comments] = await Promise.all([
    sub
      ? db
          .selectFrom('homework_answer_rubrics as ar')
          .innerJoin('homework_rubric_items as i', 'i.id', 'ar.rubric_item_id')
          .select(['ar.question_no', 'i.label', 'i.points'])
          .where('ar.submission_id', '=', sub.id)
          .orderBy('i.id')
          .execute()
      : [],
    sub
      ? db
          .selectFrom('homework_annotations')
          .selectAll()
          .where('submission_id', '=', sub.id)
          .orderBy('id')
          .execute()
      : [],
    commentsOf(db, data.homework.id),
  ]);
  const crops = sub
    ? await db
        .selectFrom('homework_answers')
        .select(['question_no', 'crop_key', 'adjustment'])
        .where('submission_id', '=', sub.id)
        .execute()
    : [];
  const mine = sub ? (data.answersOf.get(sub.id) ?? []) : [];
  const done = data.subs.filter((s) => isDone(s.status));
  return {
    homework: {
      id: data.homework.id,
      name: data.homework.name,
      subjectName: data.subjectName,
      fullMarks: data.fullMarks,
    },
    student: {
      id: student.studentId,
      name: student.name,
      studentNo: student.studentNo,
      className: student.className,
    },
    status: (sub?.status ?? 'not_submitted') as StudentHomeworkReport['status'],
    source: (sub?.source ?? null) as StudentHomeworkReport['source'],
    submissionId: sub?.id ?? null,
    hasImage: sub?.image_key != null,
    score: num(sub?.score),
    classAverage:
      done.length === 0
        ? null
        : round(done.reduce((s, x) => s + Number(x.score ?? 0), 0) / done.length),
    comment: comments.get(`student:${studentId}`) ?? null,
    questions: data.questions.map((q) => {
      const a = mine.find((x) => x.question_no === q.no);
      const crop = crops.find((x) => x.question_no === q.no);
      let sum = 0;
      let n = 0;
      // As 小题得分 of 基本情况: every answer scored so far, corrected hand-in or not.
      for (const list of data.answersOf.values()) {
        const x = list.find((y) => y.question_no === q.no);
        if (x?.score === null || x === undefined) continue;
        sum += Number(x.score);
        n += 1;
      }
      return {
        ...questionHead(q),
        studentAnswer: a?.answer ?? null,
        score: num(a?.score),
        judgement: (a?.judgement ?? null) as 'right' | 'wrong' | null,
        rubricItems: applied
          .filter((x) => x.question_no === q.no)
          .map((x) => ({ label: x.label, points: Number(x.points) })),
        adjustment: num(crop?.adjustment),
        annotations: annotations
          .filter((x) => x.question_no === q.no)
          .map((x): Annotation => ({
            id: x.id,
            questionNo: x.question_no,
            kind: x.kind as Annotation['kind'],
            x: Number(x.x),
            y: Number(x.y),
            size: Number(x.size),
            text: x.text,
          })),
        hasImage: crop?.crop_key != null,
        classScoreRate: n === 0 ? null : rate(sum, n * Number(q.full_marks)),
      };
    }),
  };
}
