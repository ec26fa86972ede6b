import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import {
  aboveMeanRate,
  levelLine,
  type Description,
  type LevelRates,
  type LineKey,
  type OptionCount,
  type ScoreBand,
  type ScoreSegment,
} from '@examkit/analysis';
import type { DuckInput, DuckQuestion } from './load';
import { studentRanksSql } from './ranks';
import { SNAP, dbl, num, numOrNull, rows } from './sql';

/** 临界生 below a line of a group's column: student ids, highest score first, ties by id. */
export interface DuckCritical {
  line: LineKey;
  score: number;
  from: number;
  studentIds: number[];
}

/** A score column (a subject, or the total as subject 0) over a group, as `ScoreStats` has it. */
export interface DuckColumnStats {
  fullMarks: number;
  description: Description;
  levels: LevelRates;
  aboveMeanRate: number | null;
  /** 一分一段: the whole exam only (null for a school, as the engine's classes). */
  segments: ScoreSegment[] | null;
  bands: ScoreBand[];
  critical: DuckCritical[];
}

/** A question over a group's present students, as `QuestionStats` has it. */
export interface DuckQuestionStats {
  count: number;
  mean: number | null;
  scoreRate: number | null;
  fullMarkRate: number | null;
  zeroRate: number | null;
  discrimination: number | null;
  /** Pearson correlation of the item (missing as 0) with the paper total. */
  itemTotalCorrelation: number | null;
  /** Objective questions: each option's count and rate (a multiple choice counts every option). */
  options: OptionCount[] | null;
  blankRate: number | null;
}

/** A knowledge point's or ability's score rate over its questions (by the union's question ids). */
export interface DuckTagStats {
  tag: string;
  questionIds: number[];
  fullMarks: number;
  mean: number | null;
  scoreRate: number | null;
}

/** A paper over a group: reliability and tag rates. */
export interface DuckPaperStats {
  cronbachAlpha: number | null;
  knowledgePoints: DuckTagStats[];
  abilities: DuckTagStats[];
}

/** The whole exam (group 0), one school (its group 1, 2 …) or one class (its id). */
export interface DuckGroupFigures {
  group: number;
  studentCount: number;
  /** By subject index; 0 = the total. */
  columns: Map<number, DuckColumnStats>;
  /** By subject index, in paper order. */
  questions: Map<number, DuckQuestionStats[]>;
  /** By subject index. */
  papers: Map<number, DuckPaperStats>;
}

/** The joint grade report's figures, computed in DuckDB. */
export interface DuckGradeFigures {
  totalFullMarks: number;
  /** The whole exam first, then every participating school in order (or every class by id). */
  groups: DuckGroupFigures[];
}

/**
 * The derived tables every figure is read from: each student's score per subject they take
 * (`subject_scores`, as `loadSnapshot` and the engine's `subjectColumn` define it: 选考 takers
 * only, the total row's score unless absent, else the snapped sum of the leaves), the total over
 * the subjects somebody sat (`totals`), and every column's scores once for the whole exam (g = 0)
 * and once for the student's school (`member_scores`).
 */
const derived = (by: 'grp' | 'class_id') => `
  create or replace table subject_scores as
  select st.student_id, st.grp, st.class_id, s.subject,
         (not ss.elective or e.student_id is not null) as takes,
         case when ss.elective and e.student_id is null then null
              when t.student_id is not null then case when t.absent then null else t.score end
              else q.leaf_sum end as score
  from students st
  cross join subjects s
  join school_subjects ss on ss.grp = st.grp and ss.subject = s.subject
  left join electives e on e.grp = st.grp and e.subject = s.subject and e.student_id = st.student_id
  left join raw_totals t on t.grp = st.grp and t.subject = s.subject and t.student_id = st.student_id
  left join (select grp, subject, student_id, round(sum(score) * ${SNAP}) / ${SNAP} as leaf_sum
             from question_scores group by grp, subject, student_id) q
         on q.grp = st.grp and q.subject = s.subject and q.student_id = st.student_id;

  create or replace table sat as select subject from subject_scores group by subject having count(score) > 0;

  create or replace table totals as
  select st.student_id, st.grp, st.class_id,
         case when count(ss.subject) = 0 or count(ss.score) < count(ss.subject) then null
              else round(sum(ss.score) * ${SNAP}) / ${SNAP} end as score
  from students st
  left join (select * from subject_scores where takes and subject in (select subject from sat)) ss
         on ss.student_id = st.student_id and ss.grp = st.grp
  group by st.student_id, st.grp, st.class_id;

  create or replace table member_scores as
  with columns as (
    select student_id, grp, class_id, subject, score from subject_scores where takes
    union all
    select student_id, grp, class_id, 0, score from totals)
  select 0 as g, * from columns
  union all
  select ${by} as g, * from columns;

`;

/**
 * Every figure of the engine over the joint union (`analyseExam` of `@examkit/analysis`,
 * docs/analysis.md), by its definitions, over what `loadJointInput` loaded: per group (the whole
 * exam and each school, or with `groups: 'classes'` each class, as the class pages' union) and
 * per subject and the total, the description (mean and population standard deviation, the median
 * as the mean of the two middle scores), level rates, 超均率, score bands, 临界生 and, for the
 * whole exam, 一分一段; per question the score, full-mark and zero rates, the 27 % discrimination
 * (upper and lower groups by the paper total, ties by student id), the item–total correlation,
 * option counts and the blank rate; per paper Cronbach's α and the knowledge point and ability
 * rates. Sizes of everything returned grow with the number of groups, subjects, questions and
 * score values, not students (临界生 aside); the students' ranks are read in pages through
 * `studentRanks` (ranks.ts). May be called again on the same DuckDB with the other grouping (its
 * tables are replaced).
 * @default groups 'schools'
 */
export async function gradeFigures(
  duck: DuckDBConnection,
  input: DuckInput,
  grouping: { groups?: 'schools' | 'classes' } = {},
): Promise<DuckGradeFigures> {
  const { options, subjects, parts } = input;
  const lines = {
    excellent: options.levels?.excellent ?? 0.85,
    good: options.levels?.good ?? 0.7,
    pass: options.levels?.pass ?? 0.6,
    low: options.levels?.low ?? 0.3,
  };
  const bandWidth = options.bandWidth ?? 10;
  const segmentStep = options.segmentStep ?? 1;
  const upper = options.groupFraction ?? 0.27;
  const lower = options.lowerGroupFraction ?? upper;
  const criticalLines = options.criticalLines ?? (['excellent', 'good', 'pass'] as const);
  const meanRules = {
    excludeZero: options.mean?.excludeZero ?? false,
    absentAsZero: options.mean?.absentAsZero ?? false,
  };

  const by = grouping.groups === 'classes' ? 'class_id' : 'grp';
  await duck.run(derived(by));

  // Full marks of the total: the most a student can score over the subjects somebody sat.
  const [full] = await rows(
    duck,
    `select coalesce(max(f), 0) from (
       select sum(s.full_marks) as f from subject_scores ss join subjects s using (subject)
       where ss.takes and ss.subject in (select subject from sat) group by ss.student_id, ss.grp)`,
  );
  const satRows = await rows(duck, `select subject from sat`);
  const sat = new Set(satRows.map((r) => num(r[0]!)));
  const anyElective = subjects.some((s) => s.elective && sat.has(s.index));
  const totalFullMarks = anyElective
    ? num(full![0]!)
    : subjects.filter((s) => sat.has(s.index)).reduce((a, s) => a + s.fullMarks, 0);
  const fullOf = new Map<number, number>([
    [0, totalFullMarks],
    ...subjects.map((s) => [s.index, s.fullMarks] as [number, number]),
  ]);
  const pointsOf = (f: number) => ({
    excellent: levelLine(f, lines.excellent),
    good: levelLine(f, lines.good),
    pass: levelLine(f, lines.pass),
    low: levelLine(f, lines.low),
  });
  const bandCountOf = (f: number) => (f > 0 ? Math.ceil(f / bandWidth - 1e-9) : 0);
  const criticalBandOf = (f: number) =>
    options.criticalBandPoints ?? levelLine(f, options.criticalBand ?? 0.05);
  const lineRows = [...fullOf].map(([subject, f]) => {
    const p = pointsOf(f);
    return `(${subject}, ${dbl(f)}, ${dbl(p.excellent)}, ${dbl(p.good)}, ${dbl(p.pass)}, ${dbl(p.low)}, ${bandCountOf(f)})`;
  });
  await duck.run(
    `create or replace table lines (subject integer, full_marks double, excellent double, good double, pass double, low double, band_count integer);
     insert into lines values ${lineRows.join(', ')};`,
  );

  const described = await rows(
    duck,
    `select m.g, m.subject, count(*), count(m.score), min(m.score), max(m.score),
            sum(m.score), stddev_pop(m.score),
            sum(m.score) filter (where m.score <> 0), count(m.score) filter (where m.score <> 0),
            count(m.score) filter (where m.score >= l.excellent),
            count(m.score) filter (where m.score >= l.good),
            count(m.score) filter (where m.score >= l.pass),
            count(m.score) filter (where m.score < l.low)
     from member_scores m join lines l using (subject)
     group by m.g, m.subject`,
  );
  const medians = await rows(
    duck,
    `select g, subject, (min(score) + max(score)) / 2 from (
       select g, subject, score,
              row_number() over (partition by g, subject order by score) as k,
              count(*) over (partition by g, subject) as n
       from member_scores where score is not null)
     where k = (n + 1) // 2 or k = n // 2 + 1
     group by g, subject`,
  );
  const bands = await rows(
    duck,
    `select m.g, m.subject,
            least(l.band_count - 1, greatest(0, floor(m.score / ${dbl(bandWidth)} + ${dbl(1e-9)})))::integer as band,
            count(*)
     from member_scores m join lines l using (subject)
     where m.score is not null and l.band_count > 0
     group by all`,
  );
  const segments = await rows(
    duck,
    `select subject, floor(round(score / ${dbl(segmentStep)} * ${SNAP}) / ${SNAP})::bigint as k, count(*)
     from member_scores where g = 0 and score is not null group by all`,
  );
  const criticalValues = [...fullOf].flatMap(([subject, f]) => {
    const p = pointsOf(f);
    const band = criticalBandOf(f);
    return criticalLines.map(
      (line) => `(${subject}, '${line}', ${dbl(p[line])}, ${dbl(p[line] - band)})`,
    );
  });
  const critical = await rows(
    duck,
    `with critical_lines (subject, line, score, "from") as (values ${criticalValues.join(', ')})
     select m.g, m.subject, c.line, m.student_id
     from member_scores m join critical_lines c using (subject)
     where m.score >= c."from" and m.score < c.score
     order by m.g, m.subject, c.line, m.score desc, m.student_id`,
  );
  const questions = await rows(
    duck,
    `with present as (
       select g, grp, subject, student_id,
              row_number() over (partition by g, subject order by score desc, student_id) as pos,
              count(*) over (partition by g, subject) as n
       from member_scores where subject > 0 and score is not null),
     sized as (
       select *, least(n // 2, greatest(1, round(${dbl(upper)} * n)))::bigint as upper_size,
                 least(n // 2, greatest(1, round(${dbl(lower)} * n)))::bigint as lower_size
       from present)
     select p.g, p.subject, qs.question,
            sum(qs.score), count(*) filter (where qs.score >= q.full_marks),
            count(*) filter (where qs.score <> 0),
            sum(qs.score) filter (where p.pos <= p.upper_size),
            sum(qs.score) filter (where p.pos > p.n - p.lower_size)
     from sized p
     join question_scores qs on qs.grp = p.grp and qs.subject = p.subject and qs.student_id = p.student_id
     join questions q on q.subject = qs.subject and q.question = qs.question
     group by all`,
  );
  // Item–total correlations and Cronbach's α need every present student's every item (a missing
  // score is 0) and the two passes of the engine: means first, then centred sums.
  await duck.run(
    `create or replace table dense as
     select p.g, p.subject, q.question, p.student_id, p.score as total, coalesce(qs.score, 0) as a
     from member_scores p
     join questions q on q.subject = p.subject
     left join question_scores qs on qs.grp = p.grp and qs.subject = p.subject
          and qs.question = q.question and qs.student_id = p.student_id
     where p.subject > 0 and p.score is not null`,
  );
  const spread = await rows(
    duck,
    `with tm as (select g, subject, sum(score) / count(*) as my from member_scores
                 where subject > 0 and score is not null group by all),
          im as (select g, subject, question, sum(a) / count(*) as mx from dense group by all)
     select d.g, d.subject, d.question, count(*), any_value(im.mx),
            sum((d.a - im.mx) * (d.a - im.mx)), sum((d.a - im.mx) * (d.total - tm.my))
     from dense d join im using (g, subject, question) join tm using (g, subject)
     group by all`,
  );
  const totalSpread = await rows(
    duck,
    `with present as (select g, subject, score as total from member_scores
                      where subject > 0 and score is not null),
          tm as (select g, subject, sum(total) / count(*) as my from present group by all),
          sums as (select g, subject, student_id, sum(a) as s from dense group by all),
          sm as (select g, subject, sum(s) / count(*) as ms from sums group by all),
          item_sums as (select g, subject, sum((s - ms) * (s - ms)) / count(*) as variance
                        from sums join sm using (g, subject) group by all)
     select p.g, p.subject, any_value(tm.my), sum((p.total - tm.my) * (p.total - tm.my)),
            any_value(i.variance)
     from present p join tm using (g, subject) left join item_sums i using (g, subject)
     group by all`,
  );
  const choices = await rows(
    duck,
    `select p.g, p.subject, qs.question, qs.mask, count(*)
     from member_scores p
     join question_scores qs on qs.grp = p.grp and qs.subject = p.subject and qs.student_id = p.student_id
     where p.subject > 0 and p.score is not null and qs.mask > 0
     group by all`,
  );
  await duck.run('drop table dense');
  const studentCounts = await rows(
    duck,
    `select ${by}, count(*) from students group by ${by} union all select 0, count(*) from students`,
  );

  const key = (g: number, subject: number) => `${g}:${subject}`;
  const byKey = <T>(list: DuckDBValue[][], f: (r: DuckDBValue[]) => T) =>
    new Map(list.map((r) => [key(num(r[0]!), num(r[1]!)), f(r)]));
  const describedOf = byKey(described, (r) => r);
  const medianOf = byKey(medians, (r) => num(r[2]!));
  const bandCounts = new Map<string, number>();
  for (const r of bands) bandCounts.set(`${key(num(r[0]!), num(r[1]!))}:${num(r[2]!)}`, num(r[3]!));
  const criticalOf = new Map<string, number[]>();
  for (const r of critical) {
    const k = `${key(num(r[0]!), num(r[1]!))}:${String(r[2])}`;
    const list = criticalOf.get(k) ?? [];
    list.push(num(r[3]!));
    criticalOf.set(k, list);
  }
  const questionOf = new Map<string, DuckDBValue[]>();
  for (const r of questions) questionOf.set(`${key(num(r[0]!), num(r[1]!))}:${num(r[2]!)}`, r);
  const countOf = new Map(studentCounts.map((r) => [num(r[0]!), num(r[1]!)]));
  const spreadOf = new Map<string, DuckDBValue[]>();
  for (const r of spread) spreadOf.set(`${key(num(r[0]!), num(r[1]!))}:${num(r[2]!)}`, r);
  const totalSpreadOf = byKey(totalSpread, (r) => r);
  const patternsOf = new Map<string, [number, number][]>();
  for (const r of choices) {
    const k = `${key(num(r[0]!), num(r[1]!))}:${num(r[2]!)}`;
    patternsOf.set(k, [...(patternsOf.get(k) ?? []), [num(r[3]!), num(r[4]!)]]);
  }

  const describe = (
    g: number,
    subject: number,
  ): Description & { sum: number; plainMean: number | null } => {
    const r = describedOf.get(key(g, subject));
    const members = r ? num(r[2]!) : 0;
    const count = r ? num(r[3]!) : 0;
    if (!r || count === 0)
      return {
        count,
        absent: members,
        mean: null,
        max: null,
        min: null,
        median: null,
        sd: null,
        sum: 0,
        plainMean: null,
      };
    const min = num(r[4]!);
    const max = num(r[5]!);
    const sum = num(r[6]!);
    // the engine: equal values have no spread and their mean is the value itself
    const plain = min === max ? { mean: min, sd: 0 } : { mean: sum / count, sd: num(r[7]!) };
    let mean: number | null = plain.mean;
    if (meanRules.excludeZero || meanRules.absentAsZero) {
      const n =
        (meanRules.excludeZero ? num(r[9]!) : count) +
        (meanRules.absentAsZero ? members - count : 0);
      const s = meanRules.excludeZero ? (numOrNull(r[8]!) ?? 0) : sum;
      mean = n > 0 ? s / n : null;
    }
    return {
      count,
      absent: members - count,
      mean,
      max,
      min,
      median: medianOf.get(key(g, subject)) ?? null,
      sd: plain.sd,
      sum,
      plainMean: plain.mean,
    };
  };

  const columnKeys = [0, ...subjects.map((s) => s.index)];
  const gradeMeans = new Map(columnKeys.map((c) => [c, describe(0, c).mean]));
  // z and T scores over the whole exam's plain mean and spread (not the 均分 rules), as the engine
  const tScale = options.tScale ?? { mean: 50, sd: 10 };
  const moments = columnKeys.map((c) => {
    const d = describe(0, c);
    const sd = d.sd === null || d.sd === 0 ? 'null' : dbl(d.sd);
    return `(${c}, ${d.plainMean === null ? 'null' : dbl(d.plainMean)}, ${sd}, ${d.count})`;
  });
  await duck.run(
    `create or replace table column_moments (subject integer, mean double, sd double, ranked integer);
     insert into column_moments values ${moments.join(', ')};`,
  );
  await duck.run(studentRanksSql(by, tScale));
  const groups = [
    0,
    ...(by === 'grp' ? parts.map((p) => p.group) : input.classes.map((c) => c.id)),
  ];
  const figures = groups.map((g): DuckGroupFigures => {
    const columns = new Map<number, DuckColumnStats>();
    for (const c of columnKeys) {
      const f = fullOf.get(c)!;
      const { sum: _sum, plainMean: _plainMean, ...description } = describe(g, c);
      const r = describedOf.get(key(g, c));
      const rated = f > 0 ? description.count : 0;
      const level = (i: number) => (f > 0 && r ? num(r[i]!) : 0);
      const rate = (n: number) => (rated > 0 ? n / rated : null);
      const counts = { excellent: level(10), good: level(11), pass: level(12), low: level(13) };
      const bandCount = bandCountOf(f);
      const points = pointsOf(f);
      const band = criticalBandOf(f);
      columns.set(c, {
        fullMarks: f,
        description,
        levels: {
          lines: points,
          ...counts,
          excellentRate: rate(counts.excellent),
          goodRate: rate(counts.good),
          passRate: rate(counts.pass),
          lowRate: rate(counts.low),
        },
        aboveMeanRate: aboveMeanRate(description.mean, gradeMeans.get(c) ?? null),
        segments: g === 0 ? segmentRows(segments, c, segmentStep) : null,
        bands: Array.from({ length: bandCount }, (_, b) => ({
          from: b * bandWidth,
          to: Math.min((b + 1) * bandWidth, f),
          count: bandCounts.get(`${key(g, c)}:${b}`) ?? 0,
        })),
        critical: criticalLines.map((line) => ({
          line,
          score: points[line],
          from: points[line] - band,
          studentIds: criticalOf.get(`${key(g, c)}:${line}`) ?? [],
        })),
      });
    }
    const questionStats = new Map<number, DuckQuestionStats[]>();
    const papers = new Map<number, DuckPaperStats>();
    for (const s of subjects) {
      const n = describe(g, s.index).count;
      const totals = totalSpreadOf.get(key(g, s.index));
      const my = totals ? num(totals[2]!) : 0;
      const syy = totals ? num(totals[3]!) : 0;
      let itemVarianceSum = 0;
      const upperSize = Math.min(Math.floor(n / 2), Math.max(1, Math.round(upper * n)));
      const lowerSize = Math.min(Math.floor(n / 2), Math.max(1, Math.round(lower * n)));
      questionStats.set(
        s.index,
        s.questions.map((q, qi) => {
          const r = questionOf.get(`${key(g, s.index)}:${qi + 1}`);
          const sum = r ? num(r[3]!) : 0;
          const fullCount = r ? num(r[4]!) : 0;
          const nonZero = r ? num(r[5]!) : 0;
          const rated = n > 0 && q.fullMarks > 0;
          const at = `${key(g, s.index)}:${qi + 1}`;
          const sp = spreadOf.get(at);
          const mx = sp ? num(sp[4]!) : 0;
          const sxx = sp ? num(sp[5]!) : 0;
          const sxy = sp ? num(sp[6]!) : 0;
          if (n > 0) itemVarianceSum += sxx / n;
          // the engine's guard: sums of squares of equal values are a rounding residue
          const correlation =
            n < 2 || sxx <= 1e-12 * n * (mx * mx + 1) || syy <= 1e-12 * n * (my * my + 1)
              ? null
              : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
          let distribution: Pick<DuckQuestionStats, 'options' | 'blankRate'> = {
            options: null,
            blankRate: null,
          };
          if (q.objective) {
            const counts = q.options.map(() => 0);
            let chosen = 0;
            for (const [mask, count] of patternsOf.get(at) ?? []) {
              chosen += count;
              q.options.forEach((_, o) => {
                if (mask & (1 << o)) counts[o]! += count;
              });
            }
            const rate = (c: number) => (n > 0 ? c / n : null);
            distribution = {
              options: q.options.map((option, o) => ({
                option,
                count: counts[o]!,
                rate: rate(counts[o]!),
              })),
              blankRate: rate(n - chosen),
            };
          }
          return {
            itemTotalCorrelation: correlation,
            ...distribution,
            count: n,
            mean: n > 0 ? sum / n : null,
            scoreRate: rated ? sum / n / q.fullMarks : null,
            fullMarkRate: rated ? fullCount / n : null,
            zeroRate: rated ? (n - nonZero) / n : null,
            discrimination:
              n < 2 || !(q.fullMarks > 0)
                ? null
                : ((numOrNull(r?.[6] ?? null) ?? 0) / upperSize -
                    (numOrNull(r?.[7] ?? null) ?? 0) / lowerSize) /
                  q.fullMarks,
          };
        }),
      );
      const stats = questionStats.get(s.index)!;
      const k = s.questions.length;
      const itemSumVariance = totals ? (numOrNull(totals[4]!) ?? 0) : 0;
      papers.set(s.index, {
        cronbachAlpha:
          n >= 2 && k >= 2 && itemSumVariance > 1e-12
            ? (k / (k - 1)) * (1 - itemVarianceSum / itemSumVariance)
            : null,
        knowledgePoints: tagRates(s.questions, stats, (q) => q.knowledgePoints),
        abilities: tagRates(s.questions, stats, (q) => q.abilities),
      });
    }
    return {
      group: g,
      studentCount: countOf.get(g) ?? 0,
      columns,
      questions: questionStats,
      papers,
    };
  });
  return { totalFullMarks, groups: figures };
}

/** Score rates of a paper's tags (sorted), each over its questions in paper order, as the engine. */
function tagRates(
  questions: readonly DuckQuestion[],
  stats: readonly DuckQuestionStats[],
  pick: (q: DuckQuestion) => readonly string[],
): DuckTagStats[] {
  const byTag = new Map<string, { members: number[]; fullMarks: number }>();
  questions.forEach((q, qi) => {
    for (const tag of new Set(pick(q))) {
      const entry = byTag.get(tag) ?? { members: [], fullMarks: 0 };
      entry.members.push(qi);
      entry.fullMarks += q.fullMarks;
      byTag.set(tag, entry);
    }
  });
  return [...byTag.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((tag) => {
      const { members, fullMarks } = byTag.get(tag)!;
      let mean: number | null = 0;
      for (const qi of members) {
        const m = stats[qi]!.mean;
        mean = mean === null || m === null ? null : mean + m;
      }
      return {
        tag,
        questionIds: members.map((qi) => questions[qi]!.id),
        fullMarks,
        mean,
        scoreRate: mean !== null && fullMarks > 0 ? mean / fullMarks : null,
      };
    });
}

/** 一分一段 of a column from its occupied segments: every step from the top down, cumulative. */
function segmentRows(found: DuckDBValue[][], subject: number, step: number): ScoreSegment[] {
  const counts = new Map<number, number>();
  for (const r of found) if (num(r[0]!) === subject) counts.set(num(r[1]!), num(r[2]!));
  if (counts.size === 0) return [];
  const keys = [...counts.keys()];
  const top = Math.max(...keys);
  const bottom = Math.min(...keys);
  const snap = (x: number) => Math.round(x * 1e6) / 1e6;
  const out: ScoreSegment[] = [];
  let cumulative = 0;
  for (let k = top; k >= bottom; k--) {
    const count = counts.get(k) ?? 0;
    cumulative += count;
    out.push({ score: snap(k * step), count, cumulative });
  }
  return out;
}

/** A tag's kind: the knowledge points or the abilities of a paper. */
export type DuckTagKind = 'knowledgePoints' | 'abilities';

/**
 * How many present students of each group are weak on each tag (`${group}:${subject}:${kind}:${tag}`
 * → count; absent keys are 0), as the grade ability page counts them: a student's own rate on the
 * tag (its questions' scores, a missing one as 0, over their full marks) under `line` by more
 * than 10⁻⁹. Read over the tables of the last `gradeFigures` (call it first, with the same
 * grouping); the whole exam (group 0) is not counted. The answer grows with the groups and tags,
 * not the students.
 */
export async function weakTagCounts(
  duck: DuckDBConnection,
  input: DuckInput,
  line: number,
  grouping: { groups?: 'schools' | 'classes' } = {},
): Promise<Map<string, number>> {
  const by = grouping.groups === 'classes' ? 'class_id' : 'grp';
  await duck.run(
    `create or replace table tag_members (subject integer, kind varchar, tag varchar, question integer, full_marks double)`,
  );
  const members = await duck.createAppender('tag_members');
  let any = false;
  try {
    for (const s of input.subjects)
      for (const kind of ['knowledgePoints', 'abilities'] as const)
        s.questions.forEach((q, qi) => {
          for (const tag of new Set(q[kind])) {
            any = true;
            members.appendInteger(s.index);
            members.appendVarchar(kind);
            members.appendVarchar(tag);
            members.appendInteger(qi + 1);
            members.appendDouble(q.fullMarks);
            members.endRow();
          }
        });
  } finally {
    members.closeSync();
  }
  const out = new Map<string, number>();
  if (!any) return out;
  for (const r of await rows(
    duck,
    `with own as (
       select ss.${by} as g, ss.subject, tm.kind, tm.tag,
              coalesce(sum(qs.score), 0) as got, sum(tm.full_marks) as tag_full
       from subject_scores ss
       join tag_members tm on tm.subject = ss.subject
       left join question_scores qs
              on qs.grp = ss.grp and qs.subject = ss.subject and qs.student_id = ss.student_id
             and qs.question = tm.question
       where ss.score is not null
       group by ss.student_id, ss.grp, ss.${by}, ss.subject, tm.kind, tm.tag)
     select g, subject, kind, tag, count(*) from own
     where tag_full > 0 and got / tag_full <= ${dbl(line)} - ${dbl(1e-9)}
     group by g, subject, kind, tag`,
  ))
    out.set(`${num(r[0]!)}:${num(r[1]!)}:${String(r[2])}:${String(r[3])}`, num(r[4]!));
  return out;
}
