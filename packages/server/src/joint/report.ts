import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import { computeReport, readExamReport } from '../report/cache';
import {
  scoresVersion,
  type CachedReport,
  type Snapshot,
  type SnapshotScores,
  type SnapshotSubject,
} from '../report/snapshot';
import type { JointRow } from './access';

/** A participating school inside the joint report: its group id there is `group` (1, 2 …). */
export interface JointPart {
  group: number;
  schoolId: number;
  name: string;
  code: string;
}

/** The joint report: the engine's result over the union of the finished schools. */
export interface JointReport {
  report: CachedReport;
  computedAt: number;
  published: boolean;
  parts: JointPart[];
  /** The school of each class of the finished schools (class ids are unique across schools). */
  schoolOfClass: Map<number, number>;
}

const REPORT_STATES = new Set(['finished', 'published']);
export const NOT_READY_MESSAGE = '联考各校尚未完成阅卷，报告尚未生成';

/** The finished (or published) schools' cached single-exam reports a joint report is made of. */
export interface JointReads {
  parts: JointPart[];
  snapshots: Snapshot[];
  published: boolean;
  /** Changes whenever a school's own report changes: the key of the joint caches. */
  version: string;
}

/**
 * The participating schools whose exam is finished or published, in the joint exam's order; none
 * answers 409 报告尚未生成.
 */
export async function readySchools(db: Db, joint: JointRow) {
  const schools = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('exams as e', 'e.id', 'js.exam_id')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .select(['js.school_id', 'js.exam_id', 'js.code', 'js.sort_order', 'e.state', 's.name'])
    .where('js.joint_exam_id', '=', joint.id)
    .orderBy('js.sort_order')
    .execute();
  const ready = schools.filter((s) => REPORT_STATES.has(s.state));
  if (ready.length === 0) throw new ApiError(409, NOT_READY_MESSAGE);
  return ready;
}

/** The participating schools whose exam is finished or published, with their cached reports. */
export async function readySchoolReports(
  db: Db,
  clock: Clock,
  joint: JointRow,
): Promise<JointReads> {
  const ready = await readySchools(db, joint);
  const reads = [];
  for (const s of ready) {
    const read = await readExamReport(db, clock, s.exam_id);
    if (read) reads.push({ school: s, read });
  }
  return {
    parts: reads.map(({ school }) => ({
      group: school.sort_order + 1,
      schoolId: school.school_id,
      name: school.name,
      code: school.code,
    })),
    snapshots: reads.map(({ read }) => read.report.snapshot),
    published: reads.every(({ school }) => school.state === 'published'),
    version: JSON.stringify(reads.map(({ school, read }) => versionEntry(school.exam_id, read))),
  };
}

/** One school's part of the joint version: its exam, its scores version and its report's time. */
const versionEntry = (examId: number, read: { version: string; computedAt: number }) => [
  examId,
  read.version,
  read.computedAt,
];

/**
 * The joint snapshot's version (`readySchoolReports`' `version`) without parsing the schools'
 * cached reports: each ready school's `scoresVersion` and the time of its report cached under it;
 * a school whose report is not cached under its current scores has it computed first, as
 * `readySchoolReports` would (the version then carries the new time).
 */
export async function jointVersion(db: Db, clock: Clock, joint: JointRow): Promise<string> {
  const entries = [];
  for (const s of await readySchools(db, joint)) {
    const version = await scoresVersion(db, s.exam_id);
    const cached = await db
      .selectFrom('report_cache')
      .select(['scores_version', 'computed_at'])
      .where('exam_id', '=', s.exam_id)
      .executeTakeFirst();
    if (cached?.scores_version === version) {
      entries.push(versionEntry(s.exam_id, { version, computedAt: Number(cached.computed_at) }));
      continue;
    }
    const read = await readExamReport(db, clock, s.exam_id);
    if (read) entries.push(versionEntry(s.exam_id, read));
  }
  return JSON.stringify(entries);
}

/** The joint exam's subjects in order. */
export function jointSubjects(db: Db, joint: Pick<JointRow, 'id'>) {
  return db
    .selectFrom('joint_exam_subjects')
    .select(['subject_code', 'subject_name'])
    .where('joint_exam_id', '=', joint.id)
    .orderBy('sort_order')
    .execute();
}

/**
 * The joint report of the schools whose exam is finished or published, computed over the union of
 * their students with the single-exam engine: one group per school, or with `byClass` one group
 * per class (the class pages). Kept in `joint_report_cache` (`joint_class_report_cache`) until a
 * school's own report changes.
 */
export async function readJointReport(
  db: Db,
  clock: Clock,
  joint: JointRow,
  byClass = false,
): Promise<JointReport> {
  const { parts, snapshots, published, version } = await readySchoolReports(db, clock, joint);
  const table = byClass ? 'joint_class_report_cache' : 'joint_report_cache';
  const schoolOfClass = new Map(
    snapshots.flatMap((snapshot, i) => snapshot.classes.map((c) => [c.id, parts[i]!.schoolId])),
  );
  const cached = await db
    .selectFrom(table)
    .selectAll()
    .where('joint_exam_id', '=', joint.id)
    .executeTakeFirst();
  if (cached && cached.version === version)
    return {
      report: JSON.parse(cached.payload) as CachedReport,
      computedAt: Number(cached.computed_at),
      published,
      parts,
      schoolOfClass,
    };
  const union = unionSnapshot(
    joint,
    await jointSubjects(db, joint),
    snapshots.map((snapshot, i) => ({ part: parts[i]!, snapshot })),
    byClass,
  );
  const payload = JSON.stringify(computeReport(union));
  const computedAt = clock.now().getTime();
  await db
    .insertInto(table)
    .values({ joint_exam_id: joint.id, version, payload, computed_at: computedAt })
    .onConflict((oc) =>
      oc.column('joint_exam_id').doUpdateSet({ version, payload, computed_at: computedAt }),
    )
    .execute();
  return {
    report: JSON.parse(payload) as CachedReport,
    computedAt,
    published,
    parts,
    schoolOfClass,
  };
}

/**
 * One snapshot of every school's students: a school is one group (the report's "class"), or with
 * `byClass` each school's class is (class ids are unique across schools); a subject is matched by
 * code and must have the same leaves in the same order in every school.
 */
export function unionSnapshot(
  joint: JointRow,
  subjects: readonly { subject_code: string; subject_name: string }[],
  parts: readonly { part: JointPart; snapshot: Snapshot }[],
  byClass = false,
): Snapshot {
  const first = parts[0]!.snapshot;
  const unionSubjects: SnapshotSubject[] = [];
  const unionScores: SnapshotScores[] = [];
  subjects.forEach((js, si) => {
    const own = parts.map(({ part, snapshot }) => {
      const index = snapshot.subjects.findIndex((s) => s.code === js.subject_code);
      if (index < 0) throw new ApiError(409, `${part.name}的考试缺少科目${js.subject_name}`);
      return {
        part,
        snapshot,
        subject: snapshot.subjects[index]!,
        scores: snapshot.scores[index]!,
      };
    });
    const model = own[0]!.subject;
    const numbers = model.questions.map((q) => q.number).join('|');
    for (const o of own)
      if (o.subject.questions.map((q) => q.number).join('|') !== numbers)
        throw new ApiError(409, `各校${js.subject_name}试卷结构不一致（${o.part.name}）`);
    unionSubjects.push({ ...model, id: si + 1, subjectId: null, name: js.subject_name });
    const anyTakes = own.some((o) => o.scores.takes !== undefined);
    unionScores.push({
      questions: model.questions.map((_, qi) => own.flatMap((o) => o.scores.questions[qi] ?? [])),
      answers: model.questions.map((_, qi) => own.flatMap((o) => o.scores.answers[qi] ?? [])),
      totals: own.flatMap((o) => o.scores.totals),
      absent: own.flatMap((o) => o.scores.absent),
      ...(anyTakes && {
        takes: own.flatMap((o) => o.scores.takes ?? o.scores.totals.map(() => 1)),
      }),
    });
  });
  return {
    exam: {
      id: joint.id,
      schoolId: 0,
      academicYear: joint.academic_year,
      gradeId: 0,
      gradeName: first.exam.gradeName,
      name: joint.name,
      examType: joint.exam_type,
      examDate: joint.exam_date,
    },
    classes: byClass
      ? parts.flatMap(({ snapshot }) => snapshot.classes)
      : parts.map(({ part }) => ({ id: part.group, name: part.name })),
    students: byClass
      ? parts.flatMap(({ snapshot }) => snapshot.students)
      : parts.flatMap(({ part, snapshot }) =>
          snapshot.students.map((s) => ({ ...s, classId: part.group })),
        ),
    subjects: unionSubjects,
    scores: unionScores,
    teachers: [],
    options: first.options,
    previous: null,
    rankDropWarning: first.rankDropWarning,
    weakRate: first.weakRate,
  };
}
