import { jointPoolRoutes } from '@examkit/contracts';
import { permissionCodesIn } from '../auth/access';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { blockProgress, blockQuality, randomCheck } from '../marking/monitoring';
import { jointViewer, loadJoint, loadOrganised, organises, type JointViewer } from './access';
import { poolAccess } from './poolAccess';

const TAG = 'joint';

export const OTHER_SCHOOL_MARKER = '外校阅卷老师';

/**
 * The monitoring of 统一阅卷: the organiser's progress per block and school, a participating
 * school's manager's with its own markers by name (other schools' stay counts), and a pool
 * block's 阅卷进度, 阅卷质量 and 阅卷抽查 with the marking block's own figures (marking/monitoring.ts),
 * its markers named for the organiser with their school and, for a school's manager, its own
 * markers by name and the others as 外校阅卷老师.
 */
export function registerJointPoolMonitorRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const { db, clock } = deps;
  const { poolBlock } = poolAccess(db);

  /** A participating school's exam manager (school-wide, 联考管理), else 403. */
  async function requireSchoolManager(session: SessionInfo, viewer: JointViewer) {
    const held = await permissionCodesIn(db, session.userId, session.academicYear);
    const scope = await loadScope(db, session);
    if (viewer.kind !== 'school' || !held.has('Exam-Multiple') || !scope.schoolWide)
      throw forbidden('只有参加联考学校的考试管理员可以查看本校的统一阅卷进度');
    return viewer.schoolId;
  }

  /**
   * A pool block the caller monitors, and how its markers are named: `ownSchool` null for the
   * organiser (every marker with their school), else the school's manager's own school.
   */
  async function monitoredBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    const viewer = await jointViewer(db, session);
    const joint = await loadJoint(db, viewer, block.joint_exam_id!);
    if (organises(viewer, joint)) return { block, ownSchool: null };
    return { block, ownSchool: await requireSchoolManager(session, viewer) };
  }

  /** The name a marker is shown by to the caller (see `monitoredBlock`). */
  async function markerNames(ownSchool: number | null, userIds: number[]) {
    const ids = [...new Set(userIds)];
    const rows =
      ids.length === 0
        ? []
        : await db
            .selectFrom('users as u')
            .innerJoin('schools as s', 's.id', 'u.school_id')
            .select(['u.id', 'u.school_id', 's.name'])
            .where('u.id', 'in', ids)
            .execute();
    const of = new Map(rows.map((r) => [r.id, r]));
    return (userId: number, name: string) => {
      const user = of.get(userId);
      if (ownSchool === null) return user ? `${name}（${user.name}）` : name;
      return user?.school_id === ownSchool ? name : OTHER_SCHOOL_MARKER;
    };
  }

  router.sessionRoute(jointPoolRoutes.jointPoolMonitorProgress, TAG, async ({ body, session }) => {
    const { block, ownSchool } = await monitoredBlock(session, body.blockId);
    const progress = await blockProgress(db, clock, block);
    const named = await markerNames(
      ownSchool,
      progress.markers.map((m) => m.userId),
    );
    return {
      ...progress,
      markers: progress.markers.map((m) => ({ ...m, name: named(m.userId, m.name) })),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolMonitorQuality, TAG, async ({ body, session }) => {
    const { block, ownSchool } = await monitoredBlock(session, body.blockId);
    const quality = await blockQuality(db, block);
    const named = await markerNames(
      ownSchool,
      quality.markers.map((m) => m.userId),
    );
    return {
      ...quality,
      markers: quality.markers.map((m) => ({ ...m, name: named(m.userId, m.name) })),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolMonitorCheck, TAG, async ({ body, session }) => {
    const { block, ownSchool } = await monitoredBlock(session, body.blockId);
    const papers = await randomCheck(db, 'pool', block.id, body.count);
    const named = await markerNames(
      ownSchool,
      papers.flatMap((p) => p.marks.map((m) => m.userId)),
    );
    return {
      list: papers.map((p) => ({
        ...p,
        marks: p.marks.map((m) => ({ ...m, userName: named(m.userId, m.userName) })),
      })),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSchoolProgress, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadJoint(db, viewer, body.jointExamId);
    const schoolId = await requireSchoolManager(session, viewer);
    const blocks = await poolProgress(db, joint.id);
    const ownMarkers = await ownMarkersOf(db, joint.id, schoolId);
    // Other schools' shares stay out: the overall counts and the caller's own school only.
    return {
      markingMode: joint.marking_mode as 'school' | 'pool',
      blocks: blocks.map(({ schools, ...b }) => {
        const own = schools.find((s) => s.schoolId === schoolId);
        return {
          ...b,
          own: {
            papers: own?.papers ?? 0,
            done: own?.done ?? 0,
            markers: own?.markers ?? 0,
            marks: own?.marks ?? 0,
          },
          ownMarkers: ownMarkers
            .filter((m) => m.blockId === b.blockId)
            .map(({ userId, name, marks }) => ({ userId, name, marks })),
        };
      }),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolProgress, TAG, async ({ body, session }) => {
    const joint = await loadOrganised(db, await jointViewer(db, session), body.jointExamId);
    return {
      markingMode: joint.marking_mode as 'school' | 'pool',
      blocks: await poolProgress(db, joint.id),
    };
  });
}

/**
 * The markers of one school on a joint exam's pool blocks, by name, with the marks each gave: a
 * school's manager sees its own staff (other schools' markers stay counts in the overall figures).
 */
async function ownMarkersOf(db: Db, jointExamId: number, schoolId: number) {
  const rows = await db
    .selectFrom('marking_block_users as m')
    .innerJoin('marking_blocks as b', 'b.id', 'm.block_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.block_id', 'u.id', 'u.nick_name'])
    .where('b.joint_exam_id', '=', jointExamId)
    .where('m.role', '=', 'marker')
    .where('u.school_id', '=', schoolId)
    .orderBy('m.block_id')
    .orderBy('u.id')
    .execute();
  if (rows.length === 0) return [];
  const marks = await db
    .selectFrom('marking_tasks as t')
    .select(['t.block_id', 't.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.block_id', 'in', [...new Set(rows.map((r) => r.block_id))])
    .where('t.user_id', 'in', [...new Set(rows.map((r) => r.id))])
    .where('t.state', '=', 'done')
    .groupBy(['t.block_id', 't.user_id'])
    .execute();
  return rows.map((r) => ({
    blockId: r.block_id,
    userId: r.id,
    name: r.nick_name,
    marks: Number(marks.find((m) => m.block_id === r.block_id && m.user_id === r.id)?.n ?? 0),
  }));
}

/** Each pool block's papers and marks per school and overall, for the organiser. */
async function poolProgress(db: Db, jointExamId: number) {
  const blocks = await db
    .selectFrom('marking_blocks as b')
    .innerJoin('exam_subjects as es', 'es.id', 'b.exam_subject_id')
    .select(['b.id', 'b.name', 'b.state', 'es.subject_code'])
    .where('b.joint_exam_id', '=', jointExamId)
    .orderBy('b.id')
    .execute();
  const schools = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .select(['js.school_id', 's.name'])
    .where('js.joint_exam_id', '=', jointExamId)
    .orderBy('js.sort_order')
    .execute();
  const ids = blocks.map((b) => b.id);
  if (ids.length === 0) return [];
  const [papers, markers, marks] = await Promise.all([
    db
      .selectFrom('marking_papers as p')
      .innerJoin('students as s', 's.id', 'p.student_id')
      .select(['p.block_id', 's.school_id', 'p.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.block_id', 'in', ids)
      .where('p.is_seed', '=', 0)
      .groupBy(['p.block_id', 's.school_id', 'p.state'])
      .execute(),
    db
      .selectFrom('marking_block_users as u')
      .innerJoin('users', 'users.id', 'u.user_id')
      .select(['u.block_id', 'users.school_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('u.block_id', 'in', ids)
      .where('u.role', '=', 'marker')
      .groupBy(['u.block_id', 'users.school_id'])
      .execute(),
    db
      .selectFrom('marking_tasks as t')
      .innerJoin('users', 'users.id', 't.user_id')
      .select(['t.block_id', 'users.school_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.block_id', 'in', ids)
      .where('t.state', '=', 'done')
      .groupBy(['t.block_id', 'users.school_id'])
      .execute(),
  ]);
  const count = <T extends { block_id: number; school_id: number; n: number }>(
    rows: T[],
    blockId: number,
    schoolId: number,
    keep: (r: T) => boolean = () => true,
  ) =>
    rows
      .filter((r) => r.block_id === blockId && r.school_id === schoolId && keep(r))
      .reduce((a, r) => a + Number(r.n), 0);
  return blocks.map((b) => {
    const perSchool = schools.map((s) => ({
      schoolId: s.school_id,
      schoolName: s.name,
      papers: count(papers, b.id, s.school_id),
      done: count(papers, b.id, s.school_id, (r) => r.state === 'done'),
      markers: count(markers, b.id, s.school_id),
      marks: count(marks, b.id, s.school_id),
    }));
    return {
      blockId: b.id,
      subjectCode: b.subject_code,
      name: b.name,
      state: b.state,
      papers: perSchool.reduce((a, s) => a + s.papers, 0),
      done: perSchool.reduce((a, s) => a + s.done, 0),
      schools: perSchool,
    };
  });
}
