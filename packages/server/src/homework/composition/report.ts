import {
  COMPOSITION_DIMENSIONS,
  COMPOSITION_DIMENSION_LABELS,
  type CompositionReportBasic,
  type CompositionRubric,
  type ExemplaryEssay,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/database';
import type { Access } from '../../core/scope';
import type { HomeworkRow } from '../access';
import { studentsOf } from '../submissions/students';
import type { HomeworkCompositionsTable } from './tables';
import { round1 } from '../rounding';

type CompositionRow = Selectable<HomeworkCompositionsTable>;

/** A composition's rubric: the full marks of each part. */
export const rubricOf = (c: CompositionRow): CompositionRubric => ({
  content: c.content_points,
  structure: c.structure_points,
  language: c.language_points,
  writing: c.writing_points,
});
export const sumOf = (x: Record<(typeof COMPOSITION_DIMENSIONS)[number], number>) =>
  COMPOSITION_DIMENSIONS.reduce((s, d) => s + Number(x[d]), 0);

/** The composition (rubric, 要求) of a homework of kind 作文. */
export const compositionRowOf = (db: Db, homework: HomeworkRow): Promise<CompositionRow> =>
  db
    .selectFrom('homework_compositions')
    .selectAll()
    .where('homework_id', '=', homework.id)
    .executeTakeFirstOrThrow();

/** The caller's students of a composition with their hand-ins and reviews. */
export async function compositionHandIns(db: Db, access: Access, homework: HomeworkRow) {
  const students = await studentsOf(db, access, homework);
  const [subs, reviews] = await Promise.all([
    db
      .selectFrom('homework_submissions')
      .select(['id', 'student_id', 'status', 'score', 'image_key'])
      .where('homework_id', '=', homework.id)
      .execute(),
    db
      .selectFrom('homework_composition_reviews')
      .selectAll()
      .where('homework_id', '=', homework.id)
      .execute(),
  ]);
  return students.map((s) => {
    const sub = subs.find((x) => x.student_id === s.studentId);
    const review = sub ? reviews.find((x) => x.submission_id === sub.id) : undefined;
    return { student: s, sub, review };
  });
}
export type HandIns = Awaited<ReturnType<typeof compositionHandIns>>;

/** The 范文 among the hand-ins, the best first. */
export const exemplaryOf = (rows: HandIns): ExemplaryEssay[] =>
  rows
    .filter((x) => x.review?.exemplary === 1 && x.sub)
    .map((x) => ({
      submissionId: x.sub!.id,
      studentName: x.student.name,
      className: x.student.className,
      score: x.sub!.score === null ? null : Number(x.sub!.score),
      comment: x.review!.comment,
      hasImage: x.sub!.image_key !== null,
    }))
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));

/**
 * A composition report's 基本情况 over the caller's students (with their classes' names): hand-ins, the scores of corrected
 * essays, each part of the rubric, the bands and the 范文. The one computation of these figures:
 * the composition report page and the report centre's 助手报告 both read it
 * (docs/teaching-views.md).
 */
export async function compositionBasicOf(
  db: Db,
  access: Access,
  homework: HomeworkRow,
  composition: CompositionRow,
): Promise<{ basic: CompositionReportBasic; classNames: string[] }> {
  const rows = await compositionHandIns(db, access, homework);
  // the classes of the caller's students, as the 助手报告 row's 布置对象
  return {
    basic: compositionBasic(homework, composition, rows),
    classNames: [...new Set(rows.map((x) => x.student.className))],
  };
}

/**
 * {@link compositionBasicOf}'s figures over some hand-ins of the composition (all the caller's,
 * or one class's of them, as the 数据大屏 reads them).
 */
export function compositionBasic(
  homework: HomeworkRow,
  composition: CompositionRow,
  rows: HandIns,
): CompositionReportBasic {
  const rubric = rubricOf(composition);
  const full = sumOf(rubric);
  const corrected = rows.filter(
    (x) => x.sub && (x.sub.status === 'finished' || x.sub.status === 'modified'),
  );
  const scores = corrected.map((x) => Number(x.sub!.score ?? 0));
  const reviewed = rows.flatMap((x) => (x.review ? [x.review] : []));
  const share = (s: number) => (full > 0 ? s / full : 0);
  const bands = [
    { label: '优秀（85%及以上）', count: scores.filter((s) => share(s) >= 0.85).length },
    {
      label: '良好（70%–85%）',
      count: scores.filter((s) => share(s) >= 0.7 && share(s) < 0.85).length,
    },
    {
      label: '合格（60%–70%）',
      count: scores.filter((s) => share(s) >= 0.6 && share(s) < 0.7).length,
    },
    { label: '待提高（60%以下）', count: scores.filter((s) => share(s) < 0.6).length },
  ];
  return {
    id: homework.id,
    name: homework.name,
    fullMarks: full,
    expected: rows.length,
    submitted: rows.filter((x) => x.sub).length,
    corrected: corrected.length,
    average: scores.length ? round1(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    highest: scores.length ? Math.max(...scores) : null,
    lowest: scores.length ? Math.min(...scores) : null,
    dimensions: COMPOSITION_DIMENSIONS.map((d) => {
      const average = reviewed.length
        ? round1(reviewed.reduce((a, v) => a + Number(v[d]), 0) / reviewed.length)
        : null;
      return {
        key: d,
        label: COMPOSITION_DIMENSION_LABELS[d],
        points: rubric[d],
        average,
        rate: average === null || rubric[d] === 0 ? null : round1((average / rubric[d]) * 100),
      };
    }),
    bands,
    exemplary: exemplaryOf(rows),
  };
}

/** A composition report's 平均得分率: its 平均分 over the full marks (null before any is corrected). */
export const compositionScoreRate = (basic: CompositionReportBasic): number | null =>
  basic.average === null || basic.fullMarks === 0 ? null : basic.average / basic.fullMarks;
