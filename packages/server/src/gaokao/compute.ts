import type { GaokaoReport, GaokaoTrack } from '@examkit/contracts';
import {
  GAOKAO_CONVERTED_SUBJECTS,
  GAOKAO_CORE_SUBJECTS,
  GAOKAO_FIRST_SUBJECTS,
} from '@examkit/contracts';
import {
  competitionRanks,
  convertScores,
  scoreBands,
  type GradingProfile,
} from '@examkit/analysis';

type Role = 'core' | 'first' | 'converted';
type Report = Omit<GaokaoReport, 'id' | 'name' | 'examId' | 'examName' | 'gradeName' | 'profile'>;

/** A subject of the exam taking part in the analysis, with each student's total (null = absent). */
export interface AnalysisSubject {
  name: string;
  fullMarks: number;
  scores: ReadonlyMap<number, number | null>;
}

export interface AnalysisStudent {
  id: number;
  studentNo: string;
  name: string;
  classId: number;
  className: string;
  comboType: string | null;
  /** 选科 names, first choice first. */
  electives: readonly string[];
}

export interface AnalysisInput {
  profile: GradingProfile;
  /** The exam's subjects (others than the nine are ignored). */
  subjects: readonly AnalysisSubject[];
  /** Converted subjects the analysis chose (setLevel). */
  convertedSubjects: readonly string[];
  students: readonly AnalysisStudent[];
  /** Students shown in the transcript (the caller's scope); null = all. */
  visible: ((student: AnalysisStudent) => boolean) | null;
}

const TRACK_OF: Record<string, GaokaoTrack> = { 物理: 'physics', 历史: 'history' };
const TRACK_NAME: Record<GaokaoTrack, string> = { physics: '物理类', history: '历史类' };
const round2 = (x: number) => Math.round(x * 100) / 100;

function statsOf(values: ArrayLike<number>) {
  let count = 0;
  let sum = 0;
  let max = -Infinity;
  let min = Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    count++;
    sum += v;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return count === 0
    ? { count, average: null, max: null, min: null }
    : { count, average: round2(sum / count), max, min };
}

/** A student's 3+1+2 choice, or null when it is not one (left out of the analysis). */
function choiceOf(s: AnalysisStudent): { track: GaokaoTrack; second: string[] } | null {
  if (s.comboType !== '3+1+2' || s.electives.length !== 3) return null;
  const track = TRACK_OF[s.electives[0] ?? ''];
  const second = s.electives.slice(1);
  if (!track || !second.every((x) => (GAOKAO_CONVERTED_SUBJECTS as readonly string[]).includes(x)))
    return null;
  return { track, second };
}

/**
 * Every figure of a 新高考 analysis: each converted subject is converted among the students who
 * chose it (both 类 together); a total is 语数外 raw + the first choice's raw + the two re-chosen
 * subjects' converted scores, null when any of the six is missing; ranks are competition ranks
 * within the 类. @see docs/gaokao.md
 */
export function computeGaokao(input: AnalysisInput): Report {
  const byName = new Map(input.subjects.map((s) => [s.name, s]));
  const columns: { subject: AnalysisSubject; role: Role }[] = [
    ...GAOKAO_CORE_SUBJECTS.map((n) => ({ n, role: 'core' as const })),
    ...GAOKAO_FIRST_SUBJECTS.map((n) => ({ n, role: 'first' as const })),
    ...GAOKAO_CONVERTED_SUBJECTS.filter((n) => input.convertedSubjects.includes(n)).map((n) => ({
      n,
      role: 'converted' as const,
    })),
  ].flatMap(({ n, role }) => {
    const subject = byName.get(n);
    return subject ? [{ subject, role }] : [];
  });

  const chosen = input.students.flatMap((s) => {
    const choice = choiceOf(s);
    return choice ? [{ s, ...choice }] : [];
  });
  const n = chosen.length;
  const takes = (k: number, c: (typeof columns)[number]) => {
    const { track, second } = chosen[k]!;
    if (c.role === 'core') return true;
    if (c.role === 'first') return TRACK_OF[c.subject.name] === track;
    return second.includes(c.subject.name);
  };
  const raw = columns.map((c) =>
    Float64Array.from(chosen, (_, k) =>
      takes(k, c) ? (c.subject.scores.get(chosen[k]!.s.id) ?? Number.NaN) : Number.NaN,
    ),
  );
  const conversions = columns.map((c, j) =>
    c.role === 'converted' ? convertScores(raw[j]!, input.profile) : null,
  );
  const value = (j: number, k: number) => (conversions[j]?.converted[k] ?? raw[j]![k]) as number;

  // 语数外 + the first choice + the two re-chosen: six parts, each present, or no total
  const totals = new Float64Array(n).fill(Number.NaN);
  for (let k = 0; k < n; k++) {
    let sum = 0;
    let parts = 0;
    for (const [j, c] of columns.entries()) {
      if (!takes(k, c)) continue;
      const v = value(j, k);
      if (Number.isNaN(v)) break;
      sum += v;
      parts++;
    }
    if (parts === 6) totals[k] = round2(sum);
  }
  const trackRanks = new Map<GaokaoTrack, (number | null)[]>();
  const trackIndices = new Map<GaokaoTrack, number[]>();
  for (const track of ['physics', 'history'] as const) {
    const idx = chosen.flatMap((c, k) => (c.track === track ? [k] : []));
    trackIndices.set(track, idx);
    trackRanks.set(track, competitionRanks(idx.map((k) => totals[k] as number)));
  }
  const rankOf = new Map<number, number | null>();
  for (const [track, idx] of trackIndices)
    idx.forEach((k, p) => rankOf.set(k, trackRanks.get(track)![p] ?? null));

  const fullTotal =
    columns.filter((c) => c.role === 'core').reduce((a, c) => a + c.subject.fullMarks, 0) +
    Math.max(0, ...columns.filter((c) => c.role === 'first').map((c) => c.subject.fullMarks)) +
    2 * Math.max(0, ...input.profile.levels.map((l) => l.high));
  const totalBands = (values: number[]) => scoreBands(values, fullTotal, 50);

  const subjects = columns.map((c, j) => {
    const conversion = conversions[j];
    return {
      name: c.subject.name,
      role: c.role,
      fullMarks: c.subject.fullMarks,
      raw: statsOf(raw[j]!),
      converted: conversion ? statsOf(conversion.converted) : null,
      levels: conversion ? [...conversion.levels] : [],
      bands: conversion
        ? scoreBands(conversion.converted, Math.max(...input.profile.levels.map((l) => l.high)), 10)
        : scoreBands(raw[j]!, c.subject.fullMarks, 10),
    };
  });

  const tracks = (['physics', 'history'] as const).map((track) => {
    const idx = trackIndices.get(track)!;
    const trackTotals = idx.map((k) => totals[k] as number);
    return {
      track,
      name: TRACK_NAME[track],
      total: statsOf(trackTotals),
      bands: totalBands(trackTotals),
      subjectAverages: columns.map((_, j) => statsOf(idx.map((k) => value(j, k))).average),
      levels: columns.flatMap((c, j) => {
        const conversion = conversions[j];
        if (!conversion) return [];
        const counts = new Array<number>(input.profile.levels.length).fill(0);
        for (const k of idx) {
          const l = conversion.levelOf[k] as number;
          if (l >= 0) counts[l]!++;
        }
        return [{ subject: c.subject.name, counts }];
      }),
    };
  });

  const visible = chosen.flatMap((c, k) => (!input.visible || input.visible(c.s) ? [k] : []));
  visible.sort((a, b) => {
    const ta = totals[a] as number;
    const tb = totals[b] as number;
    if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1;
    return (
      (Number.isNaN(ta) ? 0 : tb - ta) ||
      chosen[a]!.s.studentNo.localeCompare(chosen[b]!.s.studentNo)
    );
  });
  const orNull = (v: number) => (Number.isNaN(v) ? null : v);
  const students = visible.map((k) => {
    const { s, track } = chosen[k]!;
    return {
      studentId: s.id,
      studentNo: s.studentNo,
      name: s.name,
      className: s.className,
      track,
      raw: columns.map((_, j) => orNull(raw[j]![k] as number)),
      converted: columns.map((_, j) => {
        const conversion = conversions[j];
        return conversion ? orNull(conversion.converted[k] as number) : null;
      }),
      levels: columns.map((_, j) => {
        const l = conversions[j]?.levelOf[k] ?? -1;
        return l >= 0 ? input.profile.levels[l]!.name : null;
      }),
      total: orNull(totals[k] as number),
      rank: rankOf.get(k) ?? null,
    };
  });

  return {
    subjects,
    overall: { total: statsOf(totals), bands: totalBands(Array.from(totals)) },
    tracks,
    withoutChoice: input.students.length - n,
    students,
  };
}
