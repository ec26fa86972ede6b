import {
  compareScoreRates,
  competitionRanks,
  type CriticalStudents,
  type QuestionStats,
  type ScoreStats,
  type SubjectStats,
} from '@examkit/analysis';
import { inScopeClass } from '../../core/scope';
import { engineId } from '../cache';
import type { SnapshotQuestion, SnapshotSubject } from '../snapshot';
import { gradeScope, visibleSubjects } from './access';
import {
  className,
  studentColumns,
  subjectIndex,
  type Comment,
  type D,
  type ReportContext,
  type Stats,
} from './context';

type Exam = D<'classBasic'>['exam'];
type Critical = D<'classBasic'>['rows'][number]['critical'][number];
type Transcript = D<'classTranscript'>['students'][number];

// ---------- pieces every page shares ----------

type ExamBasics = Pick<
  Exam,
  'id' | 'name' | 'examType' | 'examDate' | 'academicYear' | 'gradeId' | 'gradeName'
>;

/** What a page header says of the exam itself (a school's or a joint exam's union). */
export const examBasics = (exam: ExamBasics): ExamBasics => ({
  id: exam.id,
  name: exam.name,
  examType: exam.examType,
  examDate: exam.examDate,
  academicYear: exam.academicYear,
  gradeId: exam.gradeId,
  gradeName: exam.gradeName,
});

/** The exam a page belongs to, with the subjects and classes the caller may see. */
export function examHeader(ctx: ReportContext, classId?: number): Exam {
  const { exam, subjects, classes } = ctx.report.snapshot;
  const grade = gradeScope(ctx.scope, exam.gradeId);
  const shownSubjects = classId !== undefined && !grade ? visibleSubjects(ctx, classId) : subjects;
  return {
    ...examBasics(exam),
    published: ctx.published,
    computedAt: ctx.computedAt,
    subjects: shownSubjects.map((s) => ({ id: s.id, name: s.name, fullMarks: s.fullMarks })),
    classes: classes.filter((c) => grade || inScopeClass(ctx.scope, c.id)),
  };
}

/** The head of every class page: the exam, the class and its name. */
export function classHeader(ctx: ReportContext, classId: number) {
  return { exam: examHeader(ctx, classId), classId, className: className(ctx, classId) };
}

/** The page's figures of one score column (the engine's, or the joint DuckDB snapshot's). */
export function statsRow(
  s: Pick<ScoreStats, 'fullMarks' | 'description' | 'levels' | 'aboveMeanRate'>,
): Stats {
  const d = s.description;
  return {
    fullMarks: s.fullMarks,
    count: d.count,
    absent: d.absent,
    mean: d.mean,
    max: d.max,
    min: d.min,
    median: d.median,
    sd: d.sd,
    excellentRate: s.levels.excellentRate,
    goodRate: s.levels.goodRate,
    passRate: s.levels.passRate,
    lowRate: s.levels.lowRate,
    aboveMeanRate: s.aboveMeanRate,
  };
}

/** Mean over full marks, or null without a mean or marks. */
export function meanScoreRate(s: ScoreStats): number | null {
  return s.description.mean === null || s.fullMarks === 0 ? null : s.description.mean / s.fullMarks;
}

/** 临界生 below each line, with their scores in the column (0 = total). */
export function criticalGroups(
  ctx: ReportContext,
  subjectId: number,
  critical: readonly CriticalStudents[],
): Critical[] {
  const index = new Map(ctx.report.analysis.students.ids.map((id, i) => [id, i]));
  const scores = studentColumns(ctx, subjectId).scores;
  return critical.map((c) => ({
    line: c.line,
    lineScore: c.score,
    from: c.from,
    students: c.studentIds.map((id) => {
      const i = index.get(id)!;
      const s = ctx.report.snapshot.students[i]!;
      return {
        studentId: s.id,
        name: s.name,
        studentNo: s.studentNo,
        classId: s.classId,
        score: scores[i] ?? null,
      };
    }),
  }));
}

/** The grade's previous exam, the basis of 进退步. */
export function previousExam(ctx: ReportContext) {
  const p = ctx.report.snapshot.previous;
  return p ? { examId: p.examId, name: p.name, examDate: p.examDate } : null;
}

// ---------- questions ----------

/** A question's figures in a group's subject figures. */
export function questionStats(stats: SubjectStats, questionId: number): QuestionStats | undefined {
  return stats.questions.find((q) => q.questionId === engineId(questionId));
}

/** A question's figures over one group, null where the engine has none. */
export function questionGroupStats(
  q:
    | Pick<
        QuestionStats,
        'count' | 'mean' | 'scoreRate' | 'fullMarkRate' | 'zeroRate' | 'discrimination'
      >
    | undefined,
) {
  return {
    count: q?.count ?? 0,
    mean: q?.mean ?? null,
    scoreRate: q?.scoreRate ?? null,
    fullMarkRate: q?.fullMarkRate ?? null,
    zeroRate: q?.zeroRate ?? null,
    discrimination: q?.discrimination ?? null,
  };
}

/** What every question row starts with. */
export function questionHead(q: SnapshotQuestion) {
  return {
    questionId: q.id,
    number: q.number,
    kind: q.kind,
    fullMarks: q.fullMarks,
    answer: q.answer,
    knowledgePoints: q.knowledgePoints,
  };
}

/**
 * Whether the students' choices on an objective question were recorded: scanning stores every
 * choice ('' for a blank) and an import with a `<题号>选项` column stores them too, while scores
 * imported without choices leave the answer null. Their option counts would all read 0, so the
 * pages say 未录入选项 instead.
 */
export function choicesRecorded(ctx: ReportContext, subjectId: number, qi: number): boolean {
  const si = subjectIndex(ctx, subjectId);
  if (!ctx.report.snapshot.subjects[si]!.questions[qi]?.objective) return false;
  return (ctx.report.snapshot.scores[si]!.answers[qi] ?? []).some((a) => a !== null);
}

/** Option counts of a question, each marked when it belongs to the key; none when not recorded. */
export function optionRows(
  question: Pick<SnapshotQuestion, 'answer'>,
  stats: Pick<QuestionStats, 'options'> | undefined,
  recorded = true,
) {
  if (!recorded) return [];
  const key = new Set((question.answer ?? '').toUpperCase());
  return (stats?.options ?? []).map((o) => ({ ...o, correct: key.has(o.option) }));
}

/** The wrong option chosen most often, or null when none was. */
export function commonWrong(
  rows: { option: string; count: number; correct: boolean }[],
): string | null {
  let best: { option: string; count: number } | null = null;
  for (const r of rows) if (!r.correct && r.count > 0 && (!best || r.count > best.count)) best = r;
  return best?.option ?? null;
}

/** A question of 试卷讲评 over the whole grade: its head, figures, options and common wrong one. */
export function gradeQuestionRow(
  q: SnapshotQuestion,
  stats:
    | (Parameters<typeof questionGroupStats>[0] &
        Pick<QuestionStats, 'options' | 'itemTotalCorrelation'>)
    | undefined,
  recorded: boolean,
) {
  const options = optionRows(q, stats, recorded);
  return {
    ...questionHead(q),
    grade: questionGroupStats(stats),
    itemTotalCorrelation: stats?.itemTotalCorrelation ?? null,
    options,
    choicesRecorded: recorded,
    commonWrong: commonWrong(options),
  };
}

/** Students of some indexes who lost points on a question (present, below full marks). */
export function losers(ctx: ReportContext, subjectId: number, qi: number, members: number[]) {
  const si = subjectIndex(ctx, subjectId);
  const scores = ctx.report.snapshot.scores[si]!;
  const q = ctx.report.snapshot.subjects[si]!.questions[qi]!;
  const out: { studentId: number; name: string; score: number | null; answer: string | null }[] =
    [];
  for (const i of members) {
    if (scores.absent[i]) continue;
    const score = scores.questions[qi]![i] ?? null;
    if ((score ?? 0) < q.fullMarks) {
      const s = ctx.report.snapshot.students[i]!;
      out.push({ studentId: s.id, name: s.name, score, answer: scores.answers[qi]![i] ?? null });
    }
  }
  return out.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.studentId - b.studentId);
}

/**
 * A rate at or under a line the user typed (0.6, 64 / 110): within 10⁻⁹, so a rate on the line
 * is never left out by the last bit of a division.
 */
export function atOrBelow(rate: number, line: number): boolean {
  return rate <= line + 1e-9;
}

/** Questions whose score rate in the given figures is at or under a line, hardest first (exact ties by number). */
export function weakQuestions(subject: SnapshotSubject, stats: SubjectStats, maxScoreRate: number) {
  return subject.questions
    .map((q, qi) => {
      const st = questionStats(stats, q.id);
      return { q, qi, st, rate: st?.scoreRate ?? null };
    })
    .filter((x) => x.rate !== null && x.st && atOrBelow(x.rate, maxScoreRate))
    .sort((a, b) => compareScoreRates(a.st!, b.st!) || a.qi - b.qi);
}

/** Question numbers of a tag's questions (engine ids where a question is unknown). */
export function tagQuestionNumbers(subject: SnapshotSubject) {
  const numbers = new Map(subject.questions.map((q) => [engineId(q.id), q.number]));
  return (questionIds: readonly string[]) => questionIds.map((id) => numbers.get(id) ?? id);
}

/** The comments on a question made for some classes (0 = the grade). */
export function commentsFor(
  comments: Comment[],
  questionId: number,
  classIds: number[],
): Comment[] {
  return comments.filter((c) => c.questionId === questionId && classIds.includes(c.classId));
}

// ---------- student rows ----------

/** A student's row of a transcript: each subject, and the total where the caller sees it. */
export function transcriptRow(
  ctx: ReportContext,
  i: number,
  subjects: SnapshotSubject[],
  withTotal: boolean,
): Transcript {
  const s = ctx.report.snapshot.students[i]!;
  const cell = (key: number) => {
    const col = studentColumns(ctx, key);
    return {
      subjectId: key,
      score: col.scores[i] ?? null,
      classRank: col.classRanks[i] ?? null,
      gradeRank: col.gradeRanks[i] ?? null,
      level: col.levels[i] ?? null,
      rankChange: col.rankChanges[i] ?? null,
      percentileChange: col.percentileChanges?.[i] ?? null,
    };
  };
  return {
    studentId: s.id,
    name: s.name,
    studentNo: s.studentNo,
    classId: s.classId,
    className: className(ctx, s.classId),
    scores: subjects.map((sub) => cell(sub.id)),
    total: withTotal ? cell(0) : null,
  };
}

/** A student's row of a ranking in one column (0 = total). */
export function rankRow(ctx: ReportContext, i: number, key: number) {
  const col = studentColumns(ctx, key);
  const s = ctx.report.snapshot.students[i]!;
  return {
    studentId: s.id,
    name: s.name,
    studentNo: s.studentNo,
    classId: s.classId,
    className: className(ctx, s.classId),
    score: col.scores[i] ?? null,
    gradeRank: col.gradeRanks[i] ?? null,
    classRank: col.classRanks[i] ?? null,
    level: col.levels[i] ?? null,
    ...(key === 0
      ? electiveRanks(ctx)[i]!
      : { combination: null, combinationRank: null, track: null, trackRank: null }),
  };
}

interface ElectiveRank {
  combination: string | null;
  combinationRank: number | null;
  track: string | null;
  trackRank: number | null;
}
const electiveCache = new WeakMap<ReportContext['report'], ElectiveRank[]>();

/**
 * 选考 (3+1+2) ranks of the total: within each combination of elective subjects a student takes,
 * and within 物理类 / 历史类 (the student takes 物理, or 历史). Competition ranks over the students
 * with a total; null for everyone when the exam has no elective subject.
 */
export function electiveRanks(ctx: ReportContext): ElectiveRank[] {
  const cached = electiveCache.get(ctx.report);
  if (cached) return cached;
  const { subjects, scores, students } = ctx.report.snapshot;
  const electives = subjects.flatMap((s, si) => (scores[si]!.takes ? [{ s, si }] : []));
  const total = studentColumns(ctx, 0).scores;
  const keyOf = (i: number) => {
    const taken = electives.filter(({ si }) => scores[si]!.takes![i] === 1);
    const names = taken.map(({ s }) => s.name);
    const track = names.some((n) => n.includes('物理'))
      ? '物理类'
      : names.some((n) => n.includes('历史'))
        ? '历史类'
        : null;
    return { combination: names.length ? names.join('+') : null, track };
  };
  const keys = students.map((_, i) => (electives.length ? keyOf(i) : null));
  const ranksWithin = (key: (i: number) => string | null) => {
    const out = new Array<number | null>(students.length).fill(null);
    const groups = new Map<string, number[]>();
    students.forEach((_, i) => {
      const k = key(i);
      if (k === null || total[i] === null || total[i] === undefined) return;
      groups.set(k, [...(groups.get(k) ?? []), i]);
    });
    for (const members of groups.values()) {
      const ranks = competitionRanks(members.map((i) => total[i] as number));
      members.forEach((i, k) => (out[i] = ranks[k] ?? null));
    }
    return out;
  };
  const byCombination = ranksWithin((i) => keys[i]?.combination ?? null);
  const byTrack = ranksWithin((i) => keys[i]?.track ?? null);
  const result = students.map((_, i) => ({
    combination: keys[i]?.combination ?? null,
    combinationRank: byCombination[i] ?? null,
    track: keys[i]?.track ?? null,
    trackRank: byTrack[i] ?? null,
  }));
  electiveCache.set(ctx.report, result);
  return result;
}

/** Students (of one class, or all) by grade rank in a column (absent last), then student number. */
export function rankedIndexes(ctx: ReportContext, key: number, classId?: number): number[] {
  const students = ctx.report.snapshot.students;
  const idx = students.flatMap((s, i) =>
    classId === undefined || s.classId === classId ? [i] : [],
  );
  return byGradeRank(ctx, key, idx);
}

/** Student indexes ordered by grade rank in a column (absent last), then student number. */
export function byGradeRank(ctx: ReportContext, key: number, indexes: number[]): number[] {
  const ranks = studentColumns(ctx, key).gradeRanks;
  const students = ctx.report.snapshot.students;
  return [...indexes].sort(
    (a, b) =>
      (ranks[a] ?? Infinity) - (ranks[b] ?? Infinity) ||
      students[a]!.studentNo.localeCompare(students[b]!.studentNo),
  );
}
