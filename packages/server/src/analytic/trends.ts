import type { AnalyticReport, AnalyticStudentTrend } from '@examkit/contracts';
import type { Static } from 'typebox';
import { engineId } from '../report/cache';
import type { CachedReport } from '../report/snapshot';

type Report = Static<typeof AnalyticReport>;
type StudentTrend = Static<typeof AnalyticStudentTrend>;
type Point = NonNullable<Report['students']['list'][number]['points'][number]>;

/** A student of one exam as the caller may see them, with the exam's stored figures. */
export interface ExamStudent {
  studentId: number;
  studentNo: string;
  name: string;
  /** Own class (in the caller's school), null for a student the caller sees without class. */
  classId: number | null;
  className: string;
  point: Point;
}

/** One exam of an analysis as the caller may see it: every figure read from its stored report. */
export interface ExamView {
  meta: Report['exams'][number];
  /** Classes (single) or schools (multiple) the caller may see, by a key stable across exams. */
  groups: { key: string; name: string; mean: number | null }[];
  students: ExamStudent[];
  /** The caller's own classes in this exam that they may open. */
  classes: { classId: number; className: string }[];
  /** Each subject's full marks, the exam's mean and each visible group's mean (by group key). */
  subjects: {
    name: string;
    fullMarks: number;
    mean: number | null;
    groups: Map<string, number | null>;
  }[];
  /** One student's score, grade rank and percentile in each subject, from the stored report. */
  studentSubjects(studentId: number): { name: string; fullMarks: number; point: Point }[];
}

/**
 * The stored figures of an exam's report: the grade's (or joint exam's) total, each group's mean
 * total, and each student's total, grade rank and percentile rank, by student id.
 */
export function storedFigures(report: CachedReport) {
  const { analysis, snapshot } = report;
  const total = analysis.grade.total;
  const index = new Map(analysis.students.ids.map((id, i) => [id, i]));
  const columns = analysis.students.total;
  const subjectColumns = new Map(analysis.students.subjects.map((c) => [c.subjectId, c]));
  const absent: Point = { score: null, gradeRank: null, percentile: null };
  return {
    fullMarks: total.fullMarks,
    count: total.description.count,
    mean: total.description.mean,
    groupMean: (groupId: number) =>
      analysis.classes.find((g) => g.id === engineId(groupId))?.total.description.mean ?? null,
    point: (studentId: number): Point => {
      const i = index.get(engineId(studentId));
      if (i === undefined) return { score: null, gradeRank: null, percentile: null };
      return {
        score: columns.scores[i] ?? null,
        gradeRank: columns.gradeRanks[i] ?? null,
        percentile: columns.percentiles[i] ?? null,
      };
    },
    /** Each subject's stored score, grade rank and percentile of one student. */
    subjectPoints: (studentId: number) => {
      const i = index.get(engineId(studentId));
      return snapshot.subjects.map((subject) => {
        const c = subjectColumns.get(engineId(subject.id));
        const point: Point =
          i === undefined || !c
            ? absent
            : {
                score: c.scores[i] ?? null,
                gradeRank: c.gradeRanks[i] ?? null,
                percentile: c.percentiles[i] ?? null,
              };
        return { name: subject.name, fullMarks: subject.fullMarks, point };
      });
    },
    students: snapshot.students,
    classes: snapshot.classes,
    /** Each subject (by name) with its full marks, the exam's mean and a group's mean. */
    subjects: snapshot.subjects.map((subject) => {
      const id = engineId(subject.id);
      const of = (group: {
        subjects: readonly { subjectId: string; description: { mean: number | null } }[];
      }) => group.subjects.find((x) => x.subjectId === id)?.description.mean ?? null;
      return {
        name: subject.name,
        fullMarks: subject.fullMarks,
        mean: of(analysis.grade),
        groupMean: (groupId: number) => {
          const group = analysis.classes.find((g) => g.id === engineId(groupId));
          return group ? of(group) : null;
        },
      };
    }),
  };
}

/** An exam's subjects for the groups the caller sees, keyed as the groups are. */
export function subjectsFor(
  figures: ReturnType<typeof storedFigures>,
  groups: readonly { key: string; id: number }[],
): ExamView['subjects'] {
  return figures.subjects.map((s) => ({
    name: s.name,
    fullMarks: s.fullMarks,
    mean: s.mean,
    groups: new Map(groups.map((g) => [g.key, s.groupMean(g.id)])),
  }));
}

/**
 * The analysis's trends: exams in the given order, groups and students across them (a student is
 * matched by id; their class is the one of their latest exam). Students sorted by the latest
 * grade rank they have, then by student number; one page of them.
 */
export function combineTrends(
  analysis: Report['analysis'],
  views: readonly ExamView[],
  filter: { classId?: number; keyWord?: string; pageNum: number; pageSize: number },
): Report {
  const groups = new Map<string, { name: string; means: (number | null)[] }>();
  views.forEach((view, e) => {
    for (const g of view.groups) {
      const row = groups.get(g.key) ?? { name: g.name, means: views.map(() => null) };
      row.name = g.name;
      row.means[e] = g.mean;
      groups.set(g.key, row);
    }
  });
  const students = new Map<
    number,
    Omit<ExamStudent, 'point'> & { points: (Point | null)[]; latestRank: number | null }
  >();
  views.forEach((view, e) => {
    for (const s of view.students) {
      const row = students.get(s.studentId) ?? {
        ...s,
        points: views.map(() => null),
        latestRank: null,
      };
      Object.assign(row, {
        studentNo: s.studentNo,
        name: s.name,
        classId: s.classId,
        className: s.className,
      });
      row.points[e] = s.point;
      if (s.point.gradeRank !== null) row.latestRank = s.point.gradeRank;
      students.set(s.studentId, row);
    }
  });
  // Subjects matched by name across exams, in the order they first appear.
  const subjects = new Map<
    string,
    {
      fullMarks: (number | null)[];
      means: (number | null)[];
      groups: Map<string, (number | null)[]>;
    }
  >();
  views.forEach((view, e) => {
    for (const s of view.subjects) {
      const row = subjects.get(s.name) ?? {
        fullMarks: views.map(() => null),
        means: views.map(() => null),
        groups: new Map<string, (number | null)[]>(),
      };
      row.fullMarks[e] = s.fullMarks;
      row.means[e] = s.mean;
      for (const [key, mean] of s.groups) {
        const means = row.groups.get(key) ?? views.map(() => null);
        means[e] = mean;
        row.groups.set(key, means);
      }
      subjects.set(s.name, row);
    }
  });
  const classes = new Map<number, string>();
  for (const view of views) for (const c of view.classes) classes.set(c.classId, c.className);
  const word = filter.keyWord?.trim() ?? '';
  const rows = [...students.values()]
    .filter((s) => filter.classId === undefined || s.classId === filter.classId)
    .filter((s) => !word || s.name.includes(word) || s.studentNo.includes(word))
    .sort(
      (a, b) =>
        (a.latestRank ?? Number.MAX_SAFE_INTEGER) - (b.latestRank ?? Number.MAX_SAFE_INTEGER) ||
        a.studentNo.localeCompare(b.studentNo),
    );
  const start = (filter.pageNum - 1) * filter.pageSize;
  return {
    analysis,
    exams: views.map((v) => v.meta),
    groups: [...groups].map(([key, g]) => ({ key, name: g.name, means: g.means })),
    subjects: [...subjects].map(([name, row]) => ({
      name,
      fullMarks: row.fullMarks,
      means: row.means,
      groups: [...groups.keys()]
        .filter((key) => row.groups.has(key))
        .map((key) => ({ key, means: row.groups.get(key)! })),
    })),
    classes: [...classes].map(([classId, className]) => ({ classId, className })),
    students: {
      total: rows.length,
      list: rows.slice(start, start + filter.pageSize).map((s) => ({
        studentId: s.studentId,
        studentNo: s.studentNo,
        name: s.name,
        className: s.className,
        points: s.points,
      })),
    },
  };
}

/**
 * One student across the analysis's exams, as the caller sees them (null when no exam of the
 * analysis shows the caller this student): the total and each subject, matched by name in the
 * order they first appear; the student's name and class are those of their latest exam.
 */
export function studentTrend(
  analysis: Report['analysis'],
  views: readonly ExamView[],
  studentId: number,
): StudentTrend | null {
  const seen = views.map((v) => v.students.find((s) => s.studentId === studentId) ?? null);
  const latest = seen.findLast((s) => s !== null);
  if (!latest) return null;
  const subjects = new Map<string, { fullMarks: (number | null)[]; points: (Point | null)[] }>();
  views.forEach((view, e) => {
    for (const s of view.studentSubjects(studentId)) {
      const row = subjects.get(s.name) ?? {
        fullMarks: views.map(() => null),
        points: views.map(() => null),
      };
      row.fullMarks[e] = s.fullMarks;
      if (seen[e]) row.points[e] = s.point;
      subjects.set(s.name, row);
    }
  });
  return {
    analysis,
    exams: views.map(({ meta }) => ({
      id: meta.id,
      name: meta.name,
      examDate: meta.examDate,
      fullMarks: meta.fullMarks,
    })),
    student: {
      studentId,
      studentNo: latest.studentNo,
      name: latest.name,
      className: latest.className,
    },
    total: seen.map((s) => s?.point ?? null),
    subjects: [...subjects].map(([name, row]) => ({ name, ...row })),
  };
}
