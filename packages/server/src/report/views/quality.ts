import { assertGrade } from './access';
import { subjectOf, subjectStats, type D, type ReportContext } from './context';
import { examHeader, meanScoreRate, questionStats } from './shared';

/** Report quality: difficulty, discrimination and reliability of each subject's paper (or of one). */
export function quality(ctx: ReportContext, subjectId?: number): D<'quality'> {
  assertGrade(ctx);
  const subjects =
    subjectId === undefined ? ctx.report.snapshot.subjects : [subjectOf(ctx, subjectId)];
  return {
    exam: examHeader(ctx),
    subjects: subjects.map((subject) => {
      const s = subjectStats(ctx.report.analysis.grade, subject.id);
      const qs = subject.questions.map((q) => ({ q, stats: questionStats(s, q.id) }));
      const difficultyBands = { easy: 0, medium: 0, hard: 0 };
      const discriminationBands = { excellent: 0, good: 0, fair: 0, poor: 0 };
      let dSum = 0;
      let dWeight = 0;
      for (const { q, stats } of qs) {
        const p = stats?.scoreRate;
        if (p !== null && p !== undefined) {
          if (p >= 0.7) difficultyBands.easy++;
          else if (p >= 0.4) difficultyBands.medium++;
          else difficultyBands.hard++;
        }
        const d = stats?.discrimination;
        if (d !== null && d !== undefined) {
          if (d >= 0.4) discriminationBands.excellent++;
          else if (d >= 0.3) discriminationBands.good++;
          else if (d >= 0.2) discriminationBands.fair++;
          else discriminationBands.poor++;
          dSum += d * q.fullMarks;
          dWeight += q.fullMarks;
        }
      }
      return {
        subjectId: subject.id,
        subjectName: subject.name,
        fullMarks: s.fullMarks,
        count: s.description.count,
        mean: s.description.mean,
        sd: s.description.sd,
        difficulty: meanScoreRate(s),
        discrimination: dWeight > 0 ? dSum / dWeight : null,
        cronbachAlpha: s.cronbachAlpha,
        difficultyBands,
        discriminationBands,
        questions: qs.map(({ q, stats }) => ({
          questionId: q.id,
          number: q.number,
          fullMarks: q.fullMarks,
          difficulty: stats?.scoreRate ?? null,
          discrimination: stats?.discrimination ?? null,
          itemTotalCorrelation: stats?.itemTotalCorrelation ?? null,
        })),
      };
    }),
  };
}
