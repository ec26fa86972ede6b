import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import type { D } from '../report/views/context';
import { commonWrong, optionRows, questionGroupStats, questionHead } from '../report/views/shared';
import { ownPapers } from './duck/load';
import {
  classFigures,
  classPaper,
  duckClassHeader,
  type DuckClassView,
  type DuckRead,
} from './duckReport';
import type { DuckHeadPaper } from './duckSnapshot';
import { jointSubjects } from './report';

type Lost = D<'classComment'>['questions'][number]['lostStudents'];

/**
 * Per question of a subject, the class's students who lost points on it (present in the subject,
 * below full marks, a missing score as 0) with their score and answer, lowest score first (ties by
 * id), as `losers` gives them over the union: read at request time from the class's school's own
 * exam (its roll, subject totals, 选考 takers and leaf scores, as `loadSnapshot` reads them), since
 * the rows keep no student's question scores; one class × one subject is small.
 */
async function lostStudents(
  db: Db,
  read: DuckRead,
  classId: number,
  subjectId: number,
  paper: DuckHeadPaper,
): Promise<Lost[]> {
  const none = paper.questions.map((): Lost => []);
  const group = read.head.classes?.find((c) => c.id === classId)?.group;
  const school = read.head.parts.find((p) => p.group === group);
  const code = (await jointSubjects(db, { id: read.jointExamId }))[subjectId - 1]?.subject_code;
  if (!school || code === undefined) throw notFound('该班级未参加本次考试');
  const { exam_id: examId } = await db
    .selectFrom('joint_exam_schools')
    .select('exam_id')
    .where('joint_exam_id', '=', read.jointExamId)
    .where('school_id', '=', school.schoolId)
    .executeTakeFirstOrThrow();
  const own = examId === null ? null : await (await ownPapers(db, examId)).paperOf(code);
  if (!own || examId === null) throw notFound('本次考试没有该科目');
  const students = await db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .select(['s.id', 's.name'])
    .where('es.exam_id', '=', examId)
    .where('es.class_id', '=', classId)
    .orderBy('s.id')
    .execute();
  const ids = students.map((s) => s.id);
  const leaves = own.leaves.map((q) => q.id);
  if (ids.length === 0 || leaves.length === 0) return none;
  const [totals, takers, scores] = await Promise.all([
    db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'score', 'absent'])
      .where('exam_subject_id', '=', own.examSubjectId)
      .where('student_id', 'in', ids)
      .execute(),
    own.elective
      ? db
          .selectFrom('exam_student_electives')
          .select('student_id')
          .where('exam_subject_id', '=', own.examSubjectId)
          .where('student_id', 'in', ids)
          .execute()
      : null,
    db
      .selectFrom('exam_scores')
      .select(['question_id', 'student_id', 'score', 'answer'])
      .where('question_id', 'in', leaves)
      .where('student_id', 'in', ids)
      .execute(),
  ]);
  const total = new Map(totals.map((t) => [t.student_id, t]));
  const takes = takers && new Set(takers.map((t) => t.student_id));
  const cell = new Map(scores.map((r) => [`${r.question_id}:${r.student_id}`, r]));
  // present as `loadSnapshot` has it: a 选考 subject's takers only; an absent total row (or one
  // without a score) absent; without a total row, present when some leaf was scored
  const present = students.filter((s) => {
    if (takes && !takes.has(s.id)) return false;
    const t = total.get(s.id);
    if (t) return !t.absent && t.score !== null;
    return leaves.some((q) => cell.has(`${q}:${s.id}`));
  });
  return leaves.map((leaf, qi) => {
    const fullMarks = paper.questions[qi]?.fullMarks ?? 0;
    const lost: Lost = [];
    for (const s of present) {
      const r = cell.get(`${leaf}:${s.id}`);
      const score = r ? Number(r.score) : null;
      if ((score ?? 0) < fullMarks)
        lost.push({ studentId: s.id, name: s.name, score, answer: r?.answer ?? null });
    }
    return lost.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.studentId - b.studentId);
  });
}

/**
 * 联考·班级试卷讲评 from the rows: per question the class's figures (its row under `classKey`)
 * beside the whole exam's, the class's option counts, and the class's 失分学生 read from its
 * school's exam; the class and subject checked as `classComment` does (a union has no comments).
 */
export async function duckClassComment(
  db: Db,
  read: DuckRead,
  view: DuckClassView,
  classId: number,
  subjectId: number,
): Promise<D<'classComment'>> {
  const paper = classPaper(read, view, classId, subjectId);
  const { all, mine } = await classFigures(db, read, classId, subjectId);
  const lost = await lostStudents(db, read, classId, subjectId, paper);
  return {
    exam: duckClassHeader(read, view, classId),
    classId,
    className: view.names.get(classId) ?? '',
    subjectId,
    subjectName: read.head.subjects.find((s) => s.id === subjectId)?.name ?? '',
    questions: paper.questions.map((q, qi) => {
      const recorded = q.objective && (paper.choicesRecorded[qi] ?? false);
      const options = optionRows(q, mine?.questions[qi], recorded);
      return {
        ...questionHead(q),
        class: questionGroupStats(mine?.questions[qi]),
        grade: questionGroupStats(all?.questions?.[qi]),
        options,
        choicesRecorded: recorded,
        commonWrong: commonWrong(options),
        lostStudents: lost[qi] ?? [],
        comments: [],
      };
    }),
  };
}
