import type {
  ScanObjectiveAnswer,
  ScanObjectiveDetail,
  ScanObjectivePage,
  ScanObjectiveStatus,
  ScanObjectiveStudent,
} from '@examkit/contracts';
import type { RecognitionTemplate } from '@examkit/recognizer';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import type { SubjectRow } from '../exam/access';
import { contains } from '../school/common';
import { inClasses, rosterQuery, type RosterStudent } from './roster';
import { activeSheets } from './scoring';

/** The objective scores of the scan page (`objective/list`, `objective/detail`). @see docs/scanning.md */

const OBJECTIVE_KINDS = ['single', 'multiple', 'judge'] as const;
type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number];

/** Page size of `objective/list` when none is asked. */
export const OBJECTIVE_PAGE_SIZE = 50;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The subject's objective leaf questions in paper order, with their full printed numbers. */
async function objectiveQuestions(db: Db, examSubjectId: number) {
  const rows = await db
    .selectFrom('exam_questions as q')
    .leftJoin('exam_questions as p', 'p.id', 'q.parent_id')
    .select([
      'q.id',
      'q.number',
      'p.number as parent_number',
      'q.kind',
      'q.full_marks',
      'q.partial_marks',
      'q.answer',
    ])
    .where('q.exam_subject_id', '=', examSubjectId)
    .where('q.kind', 'in', [...OBJECTIVE_KINDS])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('exam_questions as c').select('c.id').whereRef('c.parent_id', '=', 'q.id'),
        ),
      ),
    )
    .orderBy('q.sort_order')
    .orderBy('q.id')
    .execute();
  return rows.map((q) => ({
    id: q.id,
    number: (q.parent_number ?? '') + q.number,
    kind: q.kind as ObjectiveKind,
    fullMarks: q.full_marks,
    partialMarks: q.partial_marks,
    key: q.answer,
  }));
}

/** Status and objective score of each given student of the subject, as reconcile counts them. */
async function standings(
  db: Db,
  subject: SubjectRow,
  students: readonly RosterStudent[],
): Promise<ScanObjectiveStudent[]> {
  if (students.length === 0) return [];
  const ids = students.map((s) => s.studentId);
  const pageCount =
    (JSON.parse(subject.sheet_template ?? 'null') as RecognitionTemplate | null)?.pageCount ?? 1;
  const sheets = await activeSheets(db, subject.id)
    .where('student_id', 'in', ids)
    .select(['id', 'student_id', 'template_page', 'absent'])
    .execute();
  const confirmedAbsent = await db
    .selectFrom('exam_subject_totals')
    .select('student_id')
    .where('exam_subject_id', '=', subject.id)
    .where('student_id', 'in', ids)
    .where('absent', '=', 1)
    .execute();
  const sums = await db
    .selectFrom('exam_scores')
    .select((eb) => ['student_id', eb.fn.sum<number>('score').as('total')])
    .where('exam_subject_id', '=', subject.id)
    .where('source', '=', 'objective')
    .where('student_id', 'in', ids)
    .groupBy('student_id')
    .execute();
  const reviews =
    sheets.length === 0
      ? []
      : await db
          .selectFrom('scan_answers')
          .select('sheet_id')
          .where(
            'sheet_id',
            'in',
            sheets.map((s) => s.id),
          )
          .where('status', '=', 'review')
          .execute();
  const absent = new Set([
    ...confirmedAbsent.map((a) => a.student_id),
    ...sheets.filter((s) => s.absent === 1).map((s) => s.student_id!),
  ]);
  const totalOf = new Map(sums.map((s) => [s.student_id, round2(Number(s.total))]));
  const ownerOf = new Map(sheets.map((s) => [s.id, s.student_id!]));
  const reviewCount = new Map<number, number>();
  for (const r of reviews) {
    const owner = ownerOf.get(r.sheet_id)!;
    reviewCount.set(owner, (reviewCount.get(owner) ?? 0) + 1);
  }
  return students.map((s) => {
    const own = sheets.filter((sheet) => sheet.student_id === s.studentId);
    const pages = new Set(own.map((sheet) => sheet.template_page));
    const reviewing = reviewCount.get(s.studentId) ?? 0;
    const status: ScanObjectiveStatus = absent.has(s.studentId)
      ? 'absent'
      : own.length === 0
        ? 'no_sheet'
        : reviewing > 0
          ? 'review'
          : Array.from({ length: pageCount }, (_, p) => p).some((p) => !pages.has(p))
            ? 'missing_pages'
            : 'scored';
    return {
      ...s,
      status,
      objectiveScore:
        status === 'absent' || status === 'no_sheet' ? null : (totalOf.get(s.studentId) ?? 0),
      reviewCount: status === 'absent' ? 0 : reviewing,
    };
  });
}

/**
 * A page of the subject's roster (by exam number; `keyWord` part of a name or an exam number)
 * with each student's objective score from the scan and where they stand.
 */
export async function objectiveScorePage(
  db: Db,
  subject: SubjectRow,
  body: {
    pageNum?: number | undefined;
    pageSize?: number | undefined;
    keyWord?: string | undefined;
  },
  /** The classes in the caller's data scope; null for all. */
  classIds: number[] | null = null,
): Promise<ScanObjectivePage> {
  const pageNum = body.pageNum ?? 1;
  const pageSize = body.pageSize ?? OBJECTIVE_PAGE_SIZE;
  let roster = inClasses(
    rosterQuery(db, subject.exam_id, subject.id, subject.elective === 1),
    classIds,
  );
  const kw = body.keyWord?.trim();
  if (kw)
    roster = roster.where((eb) => eb.or([contains('s.name', kw), contains('es.exam_no', kw)]));
  const counted = await roster
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const students = await roster
    .orderBy('es.exam_no')
    .orderBy('es.student_id')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const questions = await objectiveQuestions(db, subject.id);
  return {
    list: await standings(db, subject, students),
    total: Number(counted.n),
    pageNum,
    pageSize,
    fullMarks: round2(questions.reduce((sum, q) => sum + q.fullMarks, 0)),
    questionCount: questions.length,
  };
}

/** One student's objective questions: the options read from the active sheets, the key, the points. */
export async function objectiveDetail(
  db: Db,
  subject: SubjectRow,
  studentId: number,
  classIds: number[] | null = null,
): Promise<ScanObjectiveDetail> {
  // A student outside the caller's scope answers as one who does not take the subject.
  const student = await inClasses(
    rosterQuery(db, subject.exam_id, subject.id, subject.elective === 1),
    classIds,
  )
    .where('es.student_id', '=', studentId)
    .executeTakeFirst();
  if (!student) throw badRequest('该学生不是本考试科目的考生');
  const [standing] = await standings(db, subject, [student]);
  const questions = await objectiveQuestions(db, subject.id);
  const reads = await db
    .selectFrom('scan_answers')
    .select(['question_id', 'answer', 'status'])
    .where(
      'sheet_id',
      'in',
      activeSheets(db, subject.id).where('student_id', '=', studentId).select('id'),
    )
    .execute();
  const scores = await db
    .selectFrom('exam_scores')
    .select(['question_id', 'score'])
    .where('exam_subject_id', '=', subject.id)
    .where('student_id', '=', studentId)
    .where('source', '=', 'objective')
    .execute();
  const readOf = new Map(reads.map((r) => [r.question_id, r]));
  const scoreOf = new Map(scores.map((s) => [s.question_id, s.score]));
  return {
    student: standing!,
    fullMarks: round2(questions.reduce((sum, q) => sum + q.fullMarks, 0)),
    questions: questions.map((q): ScanObjectiveAnswer => ({
      questionId: q.id,
      number: q.number,
      kind: q.kind,
      fullMarks: q.fullMarks,
      partialMarks: q.partialMarks,
      key: q.key,
      read: readOf.get(q.id)?.answer ?? null,
      readStatus: readOf.get(q.id)?.status ?? null,
      score: scoreOf.get(q.id) ?? null,
    })),
  };
}
