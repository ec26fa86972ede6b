import type { DuckDBConnection } from '@duckdb/node-api';
import type { ScoreLevel } from '@examkit/analysis';
import { dbl, num, numOrNull, rows } from './sql';

/** One student's score and ranks in a column (0 = total); absent students are not listed. */
export interface DuckStudentRank {
  studentId: number;
  /** The student's group in the figures last computed: the school's (1, 2 …), or the class id. */
  group: number;
  subject: number;
  score: number;
  /** Competition rank (1, 1, 3) over the whole exam. */
  rank: number;
  /** Competition rank within the group (the school, or the class). */
  groupRank: number;
  /** z score over the whole exam (population spread); null when every score is equal. */
  z: number | null;
  /** T score on the school's scale (50 + 10 z, or 500 + 100 z). */
  t: number | null;
  /** Percentile rank: 100 × (ranked − rank) / ranked, the share of the exam behind. */
  percentile: number;
  /** 偏科, subjects only: the subject's exam rank − the total's; null without a total rank. */
  balance: number | null;
  /** The score's level against the column's lines; null with no full marks. */
  level: ScoreLevel | null;
  /** The total only: the 选考 subjects taken (`化学+生物`) and the rank among the same. */
  combination: string | null;
  combinationRank: number | null;
  /** The total only: 物理类 or 历史类, and the rank within it. */
  track: string | null;
  trackRank: number | null;
}

/**
 * Every student's score, level and competition ranks per column (0 = total): in the whole exam,
 * in their school, and for the total within their 选考 combination and their 类 (物理类 when
 * they take a subject named 物理, else 历史类 with 历史), as the rank page's `electiveRanks`.
 */
export const studentRanksSql = (
  by: 'grp' | 'class_id',
  tScale: { readonly mean: number; readonly sd: number },
) => `
  create or replace table choices as
  select ss.student_id, ss.grp,
         string_agg(s.name, '+' order by s.subject) as combination,
         case when bool_or(contains(s.name, '物理')) then '物理类'
              when bool_or(contains(s.name, '历史')) then '历史类' end as track
  from subject_scores ss join subjects s using (subject)
  where s.elective and ss.takes
  group by ss.student_id, ss.grp;

  create or replace table student_ranks as
  with ranked as (
    select m.student_id, m.grp, m.${by} as rank_group, m.subject, m.score,
           case when l.full_marks <= 0 then null
                when m.score >= l.excellent then 'excellent'
                when m.score >= l.good then 'good'
                when m.score >= l.pass then 'pass'
                when m.score < l.low then 'low'
                else 'fail' end as level,
           rank() over (partition by m.subject order by m.score desc) as exam_rank,
           rank() over (partition by m.subject, m.${by} order by m.score desc) as group_rank
    from member_scores m join lines l using (subject)
    where m.g = 0 and m.score is not null)
  select r.*,
         case when r.subject > 0 then r.exam_rank - total.exam_rank end as balance,
         (r.score - cm.mean) / cm.sd as z,
         ${dbl(tScale.mean)} + ${dbl(tScale.sd)} * ((r.score - cm.mean) / cm.sd) as t,
         100::double * (cm.ranked - r.exam_rank) / cm.ranked as percentile,
         case when r.subject = 0 then c.combination end as combination,
         case when r.subject = 0 then c.track end as track,
         case when c.combination is not null and r.subject = 0
              then rank() over (partition by r.subject, c.combination order by r.score desc) end
           as combination_rank,
         case when c.track is not null and r.subject = 0
              then rank() over (partition by r.subject, c.track order by r.score desc) end
           as track_rank
  from ranked r
  join column_moments cm using (subject)
  left join ranked total on total.subject = 0 and total.student_id = r.student_id and total.grp = r.grp
  left join choices c on c.student_id = r.student_id and c.grp = r.grp;
`;

/**
 * One page of every student's score, level and ranks (the whole exam's, the group's — school or
 * class, as the last {@link gradeFigures} grouped — and for the total the 选考 combination's and
 * 类's) per column (0 = total), by student id after `after`: absent students and subjects not
 * taken are left out.
 */
export async function studentRanks(
  duck: DuckDBConnection,
  page: { after: number; limit: number },
): Promise<DuckStudentRank[]> {
  const found = await rows(
    duck,
    `select student_id, rank_group, subject, score, exam_rank, group_rank, level,
            combination, combination_rank, track, track_rank, z, t, percentile, balance
     from student_ranks
     where student_id in (select student_id from students where student_id > ${Number(page.after)}
                          order by student_id limit ${Number(page.limit)})
     order by student_id, subject`,
  );
  return found.map((r) => ({
    studentId: num(r[0]!),
    group: num(r[1]!),
    subject: num(r[2]!),
    score: num(r[3]!),
    rank: num(r[4]!),
    groupRank: num(r[5]!),
    level: r[6] === null ? null : (String(r[6]) as ScoreLevel),
    combination: r[7] === null ? null : String(r[7]),
    combinationRank: numOrNull(r[8]!),
    track: r[9] === null ? null : String(r[9]),
    trackRank: numOrNull(r[10]!),
    z: numOrNull(r[11]!),
    t: numOrNull(r[12]!),
    percentile: num(r[13]!),
    balance: numOrNull(r[14]!),
  }));
}
