import { createHash } from 'node:crypto';
import type { GradeLevel } from '@examkit/analysis';
import type { GaokaoReport, GaokaoTrack, JointReportStatus } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import { inScopeClass, loadScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { JointRow, JointViewer } from '../joint/access';
import { seesName } from '../joint/exams';
import { NOT_READY_MESSAGE } from '../joint/report';
import {
  readSnapshot,
  refreshSnapshot,
  writeSnapshot,
  type SnapshotDeps,
  type SnapshotJob,
} from '../joint/snapshotJob';
import { scoresVersion } from '../report/snapshot';
import { computeGaokao, type AnalysisStudent, type AnalysisSubject } from './compute';
import { loadStudents, loadSubjects } from './load';
import type { GaokaoJointAnalysesTable } from './tables';

export type JointAnalysisRow = Selectable<GaokaoJointAnalysesTable>;
type Computed = ReturnType<typeof computeGaokao>;

export const FINISHED = new Set(['finished', 'published']);
const FAILED = '联考新高考分析计算失败，请稍后重试';

export type GaokaoSnapshotDeps = SnapshotDeps;

/** The joint exam's participating schools with their own exams, in the joint exam's order. */
export function schoolsOf(db: Db, jointId: number) {
  return db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('exams as e', 'e.id', 'js.exam_id')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .innerJoin('grades as g', 'g.id', 'e.grade_id')
    .select(['js.school_id', 'js.exam_id', 'js.code', 'e.state', 's.name', 'g.name as grade_name'])
    .where('js.joint_exam_id', '=', jointId)
    .orderBy('js.sort_order')
    .execute();
}
type School = Awaited<ReturnType<typeof schoolsOf>>[number];

/**
 * What a joint analysis is computed from, before the privacy cut: the figures over every
 * finished school's students (class names without their school), and which school and class
 * each student belongs to.
 */
interface Payload {
  computed: Computed;
  schools: School[];
  /** [studentId, schoolId, classId] */
  students: [number, number, number][];
}

/**
 * The version of a joint analysis's inputs: each finished school's exam with its scores'
 * fingerprint (`scoresVersion`: marks, students, paper) and its students' 选科, which the scores
 * do not cover. Null before any school has finished.
 */
async function inputsVersion(db: Db, joint: JointRow) {
  const ready = (await schoolsOf(db, joint.id)).filter((s) => FINISHED.has(s.state));
  if (ready.length === 0) return null;
  const hash = createHash('sha256');
  for (const school of ready) {
    hash.update(`${school.exam_id}|${await scoresVersion(db, school.exam_id)}|`);
    const choices = await db
      .selectFrom('exam_students as es')
      .leftJoin('student_details as d', 'd.student_id', 'es.student_id')
      .select(['es.student_id', 'd.combo_type', 'd.electives'])
      .where('es.exam_id', '=', school.exam_id)
      .orderBy('es.student_id')
      .execute();
    for (const c of choices)
      hash.update(`${c.student_id}:${c.combo_type ?? ''}:${c.electives ?? ''};`);
  }
  return { version: hash.digest('hex'), ready };
}

/** Every figure of the analysis over the finished schools' students (the bureau's view). */
async function computePayload(db: Db, row: JointAnalysisRow, ready: School[]): Promise<Payload> {
  const subjects = new Map<string, AnalysisSubject & { scores: Map<number, number | null> }>();
  const students: AnalysisStudent[] = [];
  const placed: [number, number, number][] = [];
  for (const school of ready) {
    for (const s of await loadSubjects(db, school.exam_id)) {
      const merged = subjects.get(s.name) ?? { ...s, scores: new Map<number, number | null>() };
      for (const [id, score] of s.scores) merged.scores.set(id, score);
      subjects.set(s.name, merged);
    }
    for (const s of await loadStudents(db, school.exam_id)) {
      placed.push([s.id, school.school_id, s.classId]);
      students.push(s);
    }
  }
  const computed = computeGaokao({
    profile: {
      code: row.profile_code,
      name: row.profile_name,
      levels: JSON.parse(row.profile_levels) as GradeLevel[],
    },
    subjects: [...subjects.values()],
    convertedSubjects: JSON.parse(row.converted_subjects) as string[],
    students,
    visible: null,
  });
  return { computed, schools: ready, students: placed };
}

/** The analysis's snapshot: its row in `gaokao_joint_snapshots`, which keeps the figures. */
const snapshotOf = (row: JointAnalysisRow) =>
  ({ table: 'gaokao_joint_snapshots', key: 'analysis_id', payload: true, id: row.id }) as const;

/**
 * Where the analysis's snapshot stands; when the inputs' version differs from the computed one,
 * starts computing it in the background through the download centre's queue (one job per
 * analysis at a time). A version already computed answers `ready` without a job.
 */
export async function refreshGaokaoJointSnapshot(
  deps: GaokaoSnapshotDeps,
  joint: JointRow,
  row: JointAnalysisRow,
): Promise<JointReportStatus> {
  const inputs = await inputsVersion(deps.db, joint);
  if (!inputs) return { state: 'waiting', progress: 0, stage: NOT_READY_MESSAGE, message: null };
  const job: SnapshotJob = {
    key: `gaokao-joint:${row.id}`,
    failed: FAILED,
    async work(step) {
      await step(10, '正在汇总各校成绩、赋分和排名');
      const payload = await computePayload(deps.db, row, inputs.ready);
      await step(90, '正在保存');
      return { payload: JSON.stringify(payload) };
    },
  };
  // The figures are the row's own payload: its `ready` is enough.
  return refreshSnapshot(deps, snapshotOf(row), inputs.version, job, async () => true);
}

/**
 * The analysis's figures: the snapshot when it is of the current inputs, else computed on the
 * spot and kept as the snapshot (an API caller that did not ask the status first still gets the
 * report). 409 before any school has finished.
 */
async function readPayload(db: Db, clock: Clock, joint: JointRow, row: JointAnalysisRow) {
  const inputs = await inputsVersion(db, joint);
  if (!inputs) throw new ApiError(409, NOT_READY_MESSAGE);
  const snapshot = await readSnapshot(db, snapshotOf(row));
  if (snapshot?.version === inputs.version && snapshot.state === 'ready' && snapshot.payload)
    return { payload: JSON.parse(snapshot.payload) as Payload, fromSnapshot: true };
  const payload = await computePayload(db, row, inputs.ready);
  const values = {
    version: inputs.version,
    state: 'ready',
    progress: 100,
    stage: '已完成',
    message: null,
    payload: JSON.stringify(payload),
  };
  await writeSnapshot(db, snapshotOf(row), values, clock.now().getTime());
  return { payload, fromSnapshot: false };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
function statsOf(values: readonly (number | null)[]) {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return { count: 0, average: null, max: null, min: null };
  return {
    count: present.length,
    average: round2(present.reduce((a, b) => a + b, 0) / present.length),
    max: Math.max(...present),
    min: Math.min(...present),
  };
}

/**
 * The analysis over every finished school of the joint exam, read from its snapshot and cut by
 * the privacy rules: the transcript holds the viewer's own students (the bureau: everyone,
 * classes named with their school; a school: its own students in the caller's classes), and
 * `schools` each school's totals, named or coded as the organiser set.
 */
export async function jointGaokaoReport(
  db: Db,
  clock: Clock,
  session: SessionInfo,
  viewer: JointViewer,
  joint: JointRow,
  row: JointAnalysisRow,
): Promise<GaokaoReport> {
  const { payload } = await readPayload(db, clock, joint, row);
  const { computed, schools: ready } = payload;
  const schoolOf = new Map(payload.students.map(([id, school]) => [id, school]));
  const classOf = new Map(payload.students.map(([id, , classId]) => [id, classId]));
  const schoolName = new Map(ready.map((s) => [s.school_id, s.name]));
  const scope = viewer.kind === 'school' ? await loadScope(db, session) : null;
  const seen = computed.students
    .filter((s) => {
      if (viewer.kind === 'bureau') return true;
      return (
        schoolOf.get(s.studentId) === viewer.schoolId &&
        inScopeClass(scope!, classOf.get(s.studentId)!)
      );
    })
    .map((s) =>
      viewer.kind === 'bureau'
        ? { ...s, className: `${schoolName.get(schoolOf.get(s.studentId)!)} ${s.className}` }
        : s,
    );
  const schools = ready.map((school) => {
    const own = computed.students.filter((s) => schoolOf.get(s.studentId) === school.school_id);
    return {
      label: seesName(viewer, joint, school.school_id) ? school.name : school.code,
      own: viewer.kind === 'school' && viewer.schoolId === school.school_id,
      total: statsOf(own.map((s) => s.total)),
      tracks: (['physics', 'history'] as GaokaoTrack[]).map((track) => ({
        track,
        total: statsOf(own.filter((s) => s.track === track).map((s) => s.total)),
      })),
    };
  });
  return {
    id: row.id,
    name: row.name,
    examId: joint.id,
    examName: joint.name,
    gradeName: ready[0]!.grade_name,
    profile: {
      code: row.profile_code as GaokaoReport['profile']['code'],
      name: row.profile_name,
      levels: JSON.parse(row.profile_levels) as GradeLevel[],
    },
    ...computed,
    students: seen,
    schools,
  };
}

/**
 * Starts the snapshot of every joint 新高考 analysis of the joint exams a school's exam belongs to
 * (its exam was finished or published).
 */
export async function refreshGaokaoOfExam(deps: GaokaoSnapshotDeps, examId: number) {
  const rows = await deps.db
    .selectFrom('gaokao_joint_analyses as a')
    .innerJoin('joint_exam_schools as js', 'js.joint_exam_id', 'a.joint_exam_id')
    .innerJoin('joint_exams as j', 'j.id', 'a.joint_exam_id')
    .selectAll('a')
    .select(['j.id as j_id'])
    .where('js.exam_id', '=', examId)
    .execute();
  for (const row of rows) {
    const joint = await deps.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', row.j_id)
      .executeTakeFirstOrThrow();
    await refreshGaokaoJointSnapshot(deps, joint, row);
  }
}
