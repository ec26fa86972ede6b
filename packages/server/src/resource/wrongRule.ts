import { WRONG_SUBJECTIVE_RATE } from '@examkit/contracts';
import { engineId } from '../report/cache';
import type { SnapshotQuestion, SnapshotSubject } from '../report/snapshot';
import { visibleSubjects } from '../report/views/access';
import type { ReportContext } from '../report/views/context';
import { questionStats } from '../report/views/shared';

/**
 * The wrong-question rule (docs/resources.md): an objective question is wrong when it scored
 * under full marks (a 多选 with partial credit is wrong too); any other question when it scored
 * under 60 % of its full marks. A present student without a score row scored 0, as the report
 * engine counts it. Absent students have no wrong questions.
 */
export function isWrong(
  question: Pick<SnapshotQuestion, 'objective' | 'fullMarks'>,
  score: number | null,
): boolean {
  const s = score ?? 0;
  if (question.objective) return s < question.fullMarks;
  return s < question.fullMarks * WRONG_SUBJECTIVE_RATE - 1e-9;
}

/** One wrong question of one student in one exam. */
export interface WrongItem {
  studentIndex: number;
  subject: SnapshotSubject;
  question: SnapshotQuestion;
  score: number;
  choice: string | null;
  /** The class's score rate on the question, from the report engine. */
  classScoreRate: number | null;
}

/**
 * Every wrong question of the given students (indexes into the snapshot's students) in the
 * subjects the caller sees of each student's class, optionally one subject (by name).
 */
export function wrongItems(
  ctx: ReportContext,
  studentIndexes: readonly number[],
  subjectName = '',
): WrongItem[] {
  const { snapshot, analysis } = ctx.report;
  const out: WrongItem[] = [];
  for (const i of studentIndexes) {
    const student = snapshot.students[i]!;
    const group = analysis.classes.find((c) => c.id === engineId(student.classId));
    for (const subject of visibleSubjects(ctx, student.classId)) {
      if (subjectName && subject.name !== subjectName) continue;
      const si = snapshot.subjects.indexOf(subject);
      const scores = snapshot.scores[si]!;
      if (scores.absent[i] || (scores.takes && !scores.takes[i])) continue;
      const stats = group?.subjects.find((s) => s.subjectId === engineId(subject.id));
      subject.questions.forEach((question, qi) => {
        const score = scores.questions[qi]![i] ?? null;
        if (!isWrong(question, score)) return;
        out.push({
          studentIndex: i,
          subject,
          question,
          score: score ?? 0,
          choice: scores.answers[qi]![i] ?? null,
          classScoreRate: stats ? (questionStats(stats, question.id)?.scoreRate ?? null) : null,
        });
      });
    }
  }
  return out;
}

/** Present students of some (snapshot) indexes who got a question wrong. */
export function wrongCount(
  ctx: ReportContext,
  subject: SnapshotSubject,
  qi: number,
  members: readonly number[],
): number {
  const si = ctx.report.snapshot.subjects.indexOf(subject);
  const scores = ctx.report.snapshot.scores[si]!;
  const question = subject.questions[qi]!;
  let n = 0;
  for (const i of members) {
    if (scores.absent[i] || (scores.takes && !scores.takes[i])) continue;
    if (isWrong(question, scores.questions[qi]![i] ?? null)) n++;
  }
  return n;
}
