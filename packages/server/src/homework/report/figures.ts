import type { KnowledgeStatistics, ReportBasic } from '@examkit/contracts';
import type { Db } from '../../core/database';
import { questionKey, questionPointsOf } from '../questionPoints';
import { isDone, rate, type ReportData } from './data';
import { questionHead } from '../questionHead';

/** Score-rate bands of the distribution, lowest first. */
const BANDS = [
  { label: '60%以下', min: 0 },
  { label: '60%–70%', min: 0.6 },
  { label: '70%–85%', min: 0.7 },
  { label: '85%–100%', min: 0.85 },
] as const;

/**
 * 基本情况 of a homework report: counts, scores, each question's figures, the distribution and
 * each class's. The one computation of these figures: the report page, the report centre's
 * 助手报告 and 学情 all read it (docs/homework.md "Reports").
 */
export function basicOf(d: ReportData): ReportBasic {
  const done = d.subs.filter((s) => isDone(s.status) && s.score !== null);
  const scores = done.map((s) => Number(s.score));
  const avg = scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length;
  const questions = d.questions.map((q) => {
    const list = d.subs.flatMap((s) =>
      (d.answersOf.get(s.id) ?? []).filter((a) => a.question_no === q.no && a.score !== null),
    );
    const sum = list.reduce((s, a) => s + Number(a.score), 0);
    return {
      ...questionHead(q),
      scored: list.length,
      right: list.filter((a) => a.judgement === 'right').length,
      wrong: list.filter((a) => a.judgement === 'wrong').length,
      average: list.length === 0 ? null : Math.round((sum / list.length) * 100) / 100,
      scoreRate: list.length === 0 ? null : rate(sum, list.length * Number(q.full_marks)),
    };
  });
  const distribution = BANDS.map((b, i) => ({
    label: b.label,
    count: scores.filter((s) => {
      const x = d.fullMarks > 0 ? s / d.fullMarks : 0;
      const next = BANDS[i + 1];
      return x >= b.min && (next === undefined || x < next.min);
    }).length,
  }));
  const classes: ReportBasic['classes'] = d.targets.map((t) => {
    const members = d.students.filter((s) => d.inTarget(s, t));
    const subs = members.flatMap((s) => {
      const sub = d.subOf.get(s.studentId);
      return sub ? [sub] : [];
    });
    const corrected = subs.filter((s) => isDone(s.status) && s.score !== null);
    const sum = corrected.reduce((a, s) => a + Number(s.score), 0);
    return {
      ...t,
      expected: members.length,
      submitted: subs.length,
      corrected: corrected.length,
      average: corrected.length === 0 ? null : Math.round((sum / corrected.length) * 100) / 100,
      scoreRate: corrected.length === 0 ? null : rate(sum, corrected.length * d.fullMarks),
    };
  });
  return {
    id: d.homework.id,
    name: d.homework.name,
    subjectName: d.subjectName,
    gradeName: d.gradeName,
    fullMarks: d.fullMarks,
    targets: d.targets,
    expected: d.students.length,
    submitted: d.subs.length,
    corrected: done.length,
    average: avg === null ? null : Math.round(avg * 100) / 100,
    highest: scores.length === 0 ? null : Math.max(...scores),
    lowest: scores.length === 0 ? null : Math.min(...scores),
    scoreRate: avg === null ? null : rate(avg, d.fullMarks),
    questions,
    distribution,
    classes: classes.filter((c) => c.expected > 0),
  };
}

/**
 * 知识点统计 of a homework: per knowledge point of its questions (`questionPointsOf`: a bank
 * question's points, or those the teacher tagged a paper's question with), the questions, full
 * marks, score rate and 错 count, weakest first; the one computation, as {@link basicOf}.
 */
export async function knowledgeOf(db: Db, d: ReportData): Promise<KnowledgeStatistics> {
  const tags = await questionPointsOf(db, d.questions);
  const pointsOfQuestion = (no: number) => tags.get(questionKey(d.homework.id, no)) ?? [];
  const points = new Map<
    string,
    { nos: number[]; full: number; sum: number; out: number; wrong: number }
  >();
  for (const q of d.questions) {
    for (const tag of pointsOfQuestion(q.no)) {
      const p = points.get(tag.name) ?? { nos: [], full: 0, sum: 0, out: 0, wrong: 0 };
      if (p.nos.includes(q.no)) continue;
      p.nos.push(q.no);
      p.full += Number(q.full_marks);
      for (const s of d.subs) {
        const a = (d.answersOf.get(s.id) ?? []).find((x) => x.question_no === q.no);
        if (a?.score === null || a === undefined) continue;
        p.sum += Number(a.score);
        p.out += Number(q.full_marks);
        if (a.judgement === 'wrong') p.wrong += 1;
      }
      points.set(tag.name, p);
    }
  }
  return {
    untagged: d.questions.filter((q) => pointsOfQuestion(q.no).length === 0).length,
    points: [...points]
      .map(([name, p]) => ({
        name,
        questionNos: p.nos,
        fullMarks: p.full,
        scoreRate: p.out === 0 ? null : rate(p.sum, p.out),
        wrong: p.wrong,
      }))
      .sort((a, b) => (a.scoreRate ?? 2) - (b.scoreRate ?? 2) || a.name.localeCompare(b.name)),
  };
}
