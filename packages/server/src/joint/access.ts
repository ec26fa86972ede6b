import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import { loadScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { permissionCodesIn } from '../auth/access';
import { bureauOfSession } from '../region/bureau';
import type { JointExamsTable } from './tables';
import type { Selectable } from 'kysely';

export type JointRow = Selectable<JointExamsTable>;

/** Who calls a joint route: the bureau of a region, or a school's staff. */
export type JointViewer =
  | { kind: 'bureau'; regionId: number; regionName: string }
  | { kind: 'school'; schoolId: number; regionId: number | null };

export const JOINT_NOT_FOUND = '联考不存在';
export const JOINT_GRADE_KEY = 'Exam-Multiple-Report-Grade';
export const JOINT_CLASS_KEY = 'Exam-Multiple-Report-Class';
export const OWN_NOT_READY = '本校的联考成绩尚未完成阅卷';
/** Keys that open the joint exams (list and reports). */
export const JOINT_KEYS = [
  'Exam-Multiple',
  'Exam-Multiple-Report-Grade',
  'Exam-Multiple-Report-Class',
];

/** The caller as a joint viewer; 403 without any joint-exam permission. */
export async function jointViewer(db: Db, session: SessionInfo): Promise<JointViewer> {
  const held = await permissionCodesIn(db, session.userId, session.academicYear);
  if (!JOINT_KEYS.some((k) => held.has(k))) throw forbidden('没有联考权限');
  const bureau = await bureauOfSession(db, session);
  if (bureau) {
    const region = await db
      .selectFrom('regions')
      .select('name')
      .where('id', '=', bureau.region_id)
      .executeTakeFirstOrThrow();
    return { kind: 'bureau', regionId: bureau.region_id, regionName: region.name };
  }
  const member = await db
    .selectFrom('region_schools')
    .select('region_id')
    .where('school_id', '=', session.schoolId)
    .executeTakeFirst();
  return { kind: 'school', schoolId: session.schoolId, regionId: member?.region_id ?? null };
}

/**
 * Who may organise a joint exam: the bureau, or a school's exam managers (school-wide role with
 * Exam-Multiple) of a school that belongs to a region.
 */
export async function assertOrganiserRole(
  db: Db,
  session: SessionInfo,
  viewer: JointViewer,
): Promise<void> {
  if (viewer.kind === 'bureau') return;
  const held = await permissionCodesIn(db, session.userId, session.academicYear);
  const scope = await loadScope(db, session);
  if (!held.has('Exam-Multiple') || !scope.schoolWide)
    throw forbidden('只有教育局或学校的考试管理员可以组织联考');
  if (viewer.regionId === null) throw forbidden('本校不属于任何区域，不能组织联考');
}

/** Whether the viewer organises the joint exam. */
export function organises(viewer: JointViewer, joint: JointRow): boolean {
  return viewer.kind === 'bureau'
    ? joint.region_id === viewer.regionId
    : joint.lead_school_id === viewer.schoolId;
}

/**
 * A joint exam the viewer may see: the bureau sees its region's, a school the ones it takes part
 * in. Any other answers exactly as a missing one (404).
 */
export async function loadJoint(db: Db, viewer: JointViewer, id: number): Promise<JointRow> {
  const joint = await db
    .selectFrom('joint_exams')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!joint) throw notFound(JOINT_NOT_FOUND);
  if (viewer.kind === 'bureau') {
    if (joint.region_id === viewer.regionId) return joint;
    if (joint.region_id === null && (await allSchoolsIn(db, viewer.regionId, joint.id)))
      return joint;
    throw notFound(JOINT_NOT_FOUND);
  }
  const member = await db
    .selectFrom('joint_exam_schools')
    .select('school_id')
    .where('joint_exam_id', '=', id)
    .where('school_id', '=', viewer.schoolId)
    .executeTakeFirst();
  if (!member) throw notFound(JOINT_NOT_FOUND);
  return joint;
}

/**
 * Whether every school of a joint exam is a member of the region: a bureau sees a cross-school
 * exam (which has no region) only when both schools are its own, never a school outside it.
 */
async function allSchoolsIn(db: Db, regionId: number, jointId: number): Promise<boolean> {
  const outside = await db
    .selectFrom('joint_exam_schools as js')
    .leftJoin('region_schools as rs', (join) =>
      join.onRef('rs.school_id', '=', 'js.school_id').on('rs.region_id', '=', regionId),
    )
    .select('js.school_id')
    .where('js.joint_exam_id', '=', jointId)
    .where('rs.school_id', 'is', null)
    .executeTakeFirst();
  return outside === undefined;
}

/** A joint exam the viewer organises; 404 when not visible, 403 when only taking part. */
export async function loadOrganised(db: Db, viewer: JointViewer, id: number): Promise<JointRow> {
  const joint = await loadJoint(db, viewer, id);
  if (!organises(viewer, joint)) throw forbidden('只有联考的组织者可以修改联考');
  return joint;
}

/** A joint exam whose reports the caller reads with one of `keys`: 403 without them, 404 when not visible. */
export async function loadJointForReport(
  db: Db,
  session: SessionInfo,
  jointExamId: number,
  keys: readonly string[],
): Promise<{ viewer: JointViewer; joint: JointRow }> {
  const viewer = await jointViewer(db, session);
  const held = await permissionCodesIn(db, session.userId, session.academicYear);
  if (!keys.some((k) => held.has(k))) throw forbidden('没有查看联考报告的权限');
  return { viewer, joint: await loadJoint(db, viewer, jointExamId) };
}
