import type { BankQuestionItem, BankQuestionUsage } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { engineId, readExamReport } from '../report/cache';
import { scoresVersion } from '../report/snapshot';

/**
 * Question statistics from real use (docs/resources.md "Question statistics"): each bank question
 * that became an exam question through 生成考试 (`paper_exam_questions`) gets the score rate and
 * discrimination of that exam question from the exam report's own analysis (the grade's question
 * statistics), read through the report cache, so no figure is computed a second way and a score
 * changed in marking shows on the next read.
 *
 * Every list read asks for these figures, so each exam's figures are kept (per database, per exam)
 * with the exam's scores version: a read costs the version check, and the report is read again only
 * when the exam's scores, paper or students changed since.
 */

/** Exams whose figures count: the report is done (finished) or published. */
const COUNTED_STATES = ['finished', 'published'] as const;

interface Figure {
  count: number;
  scoreRate: number | null;
  discrimination: number | null;
}

/** Usage figures of some bank questions over the school's exams; questions never used are absent. */
export async function questionUsage(
  db: Db,
  clock: Clock,
  schoolId: number,
  questionIds: readonly number[],
): Promise<Map<number, BankQuestionUsage>> {
  const out = new Map<number, BankQuestionUsage>();
  if (questionIds.length === 0) return out;
  const links = await db
    .selectFrom('paper_exam_questions as pq')
    .innerJoin('exam_subjects as es', 'es.id', 'pq.exam_subject_id')
    .innerJoin('exams as e', 'e.id', 'es.exam_id')
    .select(['pq.question_id', 'pq.exam_subject_id', 'pq.exam_question_id', 'e.id as exam_id'])
    .where('pq.question_id', 'in', [...new Set(questionIds)])
    .where('e.school_id', '=', schoolId)
    .where('e.state', 'in', [...COUNTED_STATES])
    .orderBy('e.id')
    .execute();
  const figures = new Map<number, Figure[]>();
  for (const examId of [...new Set(links.map((l) => l.exam_id))]) {
    const ofExam = await examFigures(db, clock, examId);
    if (!ofExam) continue;
    for (const link of links.filter((l) => l.exam_id === examId)) {
      const figure = ofExam.get(figureKey(link.exam_subject_id, link.exam_question_id));
      if (!figure) continue;
      const list = figures.get(link.question_id) ?? [];
      list.push(figure);
      figures.set(link.question_id, list);
    }
  }
  for (const [id, list] of figures)
    out.set(id, {
      exams: list.length,
      students: list.reduce((n, f) => n + f.count, 0),
      scoreRate: weighted(list, (f) => f.scoreRate),
      discrimination: weighted(list, (f) => f.discrimination),
    });
  return out;
}

const figureKey = (examSubjectId: number, examQuestionId: number) =>
  `${engineId(examSubjectId)}:${engineId(examQuestionId)}`;

/** An exam's question figures (the grade's), and the scores version they are of. */
interface ExamFigures {
  version: string;
  figures: Map<string, Figure>;
}

/** The kept figures, per database (tests run several) and exam; the oldest go past the limit. */
const kept = new WeakMap<Db, Map<number, ExamFigures>>();
const KEPT_LIMIT = 500;

/**
 * The grade's figures of an exam's questions (keyed by exam subject and exam question), kept until
 * the exam's scores version changes; null when the exam has no report.
 */
async function examFigures(
  db: Db,
  clock: Clock,
  examId: number,
): Promise<Map<string, Figure> | null> {
  let byExam = kept.get(db);
  if (!byExam) kept.set(db, (byExam = new Map()));
  const version = await scoresVersion(db, examId);
  const hit = byExam.get(examId);
  if (hit && hit.version === version) return hit.figures;
  const read = await readExamReport(db, clock, examId);
  if (!read) return null;
  const figures = new Map<string, Figure>();
  for (const subject of read.report.analysis.grade.subjects)
    for (const q of subject.questions)
      if (q.count > 0)
        figures.set(`${subject.subjectId}:${q.questionId}`, {
          count: q.count,
          scoreRate: q.scoreRate,
          discrimination: q.discrimination,
        });
  // The report's own version: a write between the check above and the read is caught next time.
  byExam.delete(examId);
  byExam.set(examId, { version: read.version, figures });
  while (byExam.size > KEPT_LIMIT) {
    const oldest = byExam.keys().next().value;
    if (oldest === undefined) break;
    byExam.delete(oldest);
  }
  return figures;
}

/** The mean of a figure over exams, weighted by the students counted; null when none has it. */
function weighted(list: readonly Figure[], pick: (f: Figure) => number | null): number | null {
  let sum = 0;
  let n = 0;
  for (const f of list) {
    const v = pick(f);
    if (v === null) continue;
    sum += v * f.count;
    n += f.count;
  }
  return n === 0 ? null : sum / n;
}

/** The items with their usage figures attached (the items of a list, a question, a paper). */
export async function withUsage<T extends BankQuestionItem>(
  db: Db,
  clock: Clock,
  schoolId: number,
  items: readonly T[],
): Promise<T[]> {
  const usage = await questionUsage(
    db,
    clock,
    schoolId,
    items.map((q) => q.id),
  );
  return items.map((q) => {
    const u = usage.get(q.id);
    return u ? { ...q, usage: u } : q;
  });
}
