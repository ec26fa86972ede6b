import { Link } from 'react-router-dom';
import type { reportRoutes, DataOf } from '@examkit/contracts';
import {
  formatChange,
  formatFixed,
  formatInt,
  formatPercentileChange,
  formatRate,
  formatScore,
  kindLabel,
  readableBands,
} from '../utils/format';
import type { Column } from './DataTable';

type Stats = DataOf<typeof reportRoutes.classBasic>['rows'][number]['class'];
type Critical = DataOf<typeof reportRoutes.classBasic>['rows'][number]['critical'][number];
type QuestionStats = DataOf<typeof reportRoutes.gradeComment>['questions'][number]['grade'];

type ContrastBand = DataOf<typeof reportRoutes.classCustom2>['bands'][number];

const addRate = (a: number | null, b: number | null) =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

/** Contrast bands without the empty ends, merged to at most 20. */
export const contrastBands = (bands: readonly ContrastBand[]) =>
  readableBands(
    bands,
    (b) => b.classCount === 0 && b.gradeCount === 0,
    (a, b) => ({
      from: a.from,
      to: b.to,
      classCount: a.classCount + b.classCount,
      gradeCount: a.gradeCount + b.gradeCount,
      classRate: addRate(a.classRate, b.classRate),
      gradeRate: addRate(a.gradeRate, b.gradeRate),
    }),
  );

export const LINE_LABELS: Record<Critical['line'], string> = {
  excellent: '优秀线',
  good: '良好线',
  pass: '及格线',
};

/** Names of the 临界生 of each line. */
export function criticalRows(critical: readonly Critical[]) {
  return critical.map((g) => ({
    line: LINE_LABELS[g.line],
    lineScore: g.lineScore,
    from: g.from,
    students: g.students.map((s) => `${s.name}（${formatScore(s.score)}）`).join('、'),
    count: g.students.length,
  }));
}

export function criticalColumns(): Column<ReturnType<typeof criticalRows>[number]>[] {
  return [
    { title: '临界线', cell: (r) => r.line },
    { title: '线分', cell: (r) => formatScore(r.lineScore), numeric: true },
    {
      title: '临界区间',
      cell: (r) => `${formatScore(r.from)}～${formatScore(r.lineScore)}`,
      numeric: true,
    },
    { title: '人数', cell: (r) => r.count, numeric: true },
    { title: '学生', wrap: true, cell: (r) => r.students || '—' },
  ];
}

/** The first columns of a question row: 题号, 题型, 满分. */
export const questionColumns = <
  Q extends { number: string; kind: string; fullMarks: number },
>(): Column<Q>[] => [
  { title: '题号', cell: (q) => q.number },
  { title: '题型', cell: (q) => kindLabel(q.kind) },
  { title: '满分', cell: (q) => formatScore(q.fullMarks), numeric: true },
];

/** 满分率, 零分率 and 区分度 of a question over one group (a class or the grade). */
export const questionRateColumns = <T,>(pick: (row: T) => QuestionStats): Column<T>[] => [
  { title: '满分率', cell: (r) => formatRate(pick(r).fullMarkRate), numeric: true },
  { title: '零分率', cell: (r) => formatRate(pick(r).zeroRate), numeric: true },
  { title: '区分度', cell: (r) => formatFixed(pick(r).discrimination), numeric: true },
];

/** Columns of a group's figures (count … 低分率). */
export const statColumns = <T,>(pick: (row: T) => Stats, prefix = ''): Column<T>[] => [
  { title: `${prefix}实考人数`, cell: (r) => pick(r).count, numeric: true },
  { title: `${prefix}缺考`, cell: (r) => pick(r).absent, numeric: true },
  { title: `${prefix}平均分`, cell: (r) => formatScore(pick(r).mean), numeric: true },
  { title: `${prefix}最高分`, cell: (r) => formatScore(pick(r).max), numeric: true },
  { title: `${prefix}最低分`, cell: (r) => formatScore(pick(r).min), numeric: true },
  { title: `${prefix}中位数`, cell: (r) => formatScore(pick(r).median), numeric: true },
  { title: `${prefix}标准差`, cell: (r) => formatScore(pick(r).sd), numeric: true },
  { title: `${prefix}优秀率`, cell: (r) => formatRate(pick(r).excellentRate), numeric: true },
  { title: `${prefix}良好率`, cell: (r) => formatRate(pick(r).goodRate), numeric: true },
  { title: `${prefix}及格率`, cell: (r) => formatRate(pick(r).passRate), numeric: true },
  { title: `${prefix}低分率`, cell: (r) => formatRate(pick(r).lowRate), numeric: true },
];

type TranscriptRow = DataOf<typeof reportRoutes.classTranscript>['students'][number];

/** Columns of a transcript: each subject's score and ranks, then the total. */
export function transcriptColumns(
  subjects: readonly { id: number; name: string }[],
  link?: (row: TranscriptRow) => string,
  withClass = false,
  /** The whole the ranks are over: 年级, or 联考 for a joint exam. */
  gradeLabel = '年级',
): Column<TranscriptRow>[] {
  const cols: Column<TranscriptRow>[] = [
    { title: '姓名', cell: (r) => (link ? <Link to={link(r)}>{r.name}</Link> : r.name) },
    { title: '学号', cell: (r) => r.studentNo },
  ];
  if (withClass) cols.push({ title: '班级', cell: (r) => r.className });
  cols.push(
    { title: '总分', cell: (r) => formatScore(r.total?.score), numeric: true },
    { title: '班级排名', cell: (r) => formatInt(r.total?.classRank), numeric: true },
    { title: `${gradeLabel}排名`, cell: (r) => formatInt(r.total?.gradeRank), numeric: true },
    {
      title: '进退步（百分位）',
      cell: (r) => formatPercentileChange(r.total?.percentileChange),
      numeric: true,
    },
    { title: '名次变化', cell: (r) => formatChange(r.total?.rankChange), numeric: true },
  );
  for (const s of subjects) {
    const score = (r: TranscriptRow) => r.scores.find((x) => x.subjectId === s.id);
    cols.push(
      { title: s.name, cell: (r) => formatScore(score(r)?.score), numeric: true },
      {
        title: `${s.name}${gradeLabel}排名`,
        cell: (r) => formatInt(score(r)?.gradeRank),
        numeric: true,
      },
    );
  }
  return cols;
}

/** A percentage input for a fraction. */
export function RateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <label>
      {label}
      <input
        type="number"
        min={0}
        max={100}
        step={1}
        aria-label={`${label}（%）`}
        defaultValue={Math.round(value * 100)}
        onBlur={(e) => {
          const n = Number(e.target.value);
          if (Number.isFinite(n) && n >= 0 && n <= 100) onChange(n / 100);
        }}
      />
      %
    </label>
  );
}
