import { jointExamRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { ApiError, forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { permissionCodesIn } from '../auth/access';
import { classBasic, gradeBasic, gradeRank, gradeTranscript } from '../report/views';
import { jointViewer, loadJoint } from './access';
import { ownGroup, ownStudentsOnly, viewerContext } from './privacy';
import { readJointReport } from './report';

export const JOINT_GRADE_KEY = 'Exam-Multiple-Report-Grade';
export const JOINT_CLASS_KEY = 'Exam-Multiple-Report-Class';
const OWN_NOT_READY = '本校的联考成绩尚未完成阅卷';

/**
 * The joint reports (docs/joint-exams.md#reports): the single-exam report pages computed over
 * every finished school; a school's staff read other schools only as aggregates.
 */
export function registerJointReportRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  const open = async (session: SessionInfo, jointExamId: number, keys: readonly string[]) => {
    const viewer = await jointViewer(db, session);
    const held = await permissionCodesIn(db, session.userId, session.academicYear);
    if (!keys.some((k) => held.has(k))) throw forbidden('没有查看联考报告的权限');
    const joint = await loadJoint(db, viewer, jointExamId);
    const read = await readJointReport(db, clock, joint);
    return {
      viewer,
      joint,
      read,
      ctx: viewerContext(viewer, joint, read),
      own: ownGroup(viewer, read),
    };
  };

  router.sessionRoute(jointExamRoutes.jointGradeBasic, 'joint', async ({ body, session }) => {
    const { ctx, own } = await open(session, body.jointExamId, [JOINT_GRADE_KEY]);
    const data = gradeBasic(ctx);
    return {
      ...data,
      rows: data.rows.map((row) => ({
        ...row,
        critical: row.critical.map((c) => ({ ...c, students: ownStudentsOnly(own, c.students) })),
      })),
    };
  });

  router.sessionRoute(jointExamRoutes.jointGradeRank, 'joint', async ({ body, session }) => {
    const { ctx, own } = await open(session, body.jointExamId, [JOINT_GRADE_KEY]);
    if (own === undefined) throw new ApiError(409, OWN_NOT_READY);
    return gradeRank(ctx, body.subjectId, {
      pageNum: body.pageNum,
      pageSize: body.pageSize,
      ...(own !== null && { classId: own }),
    });
  });

  router.sessionRoute(jointExamRoutes.jointGradeTranscript, 'joint', async ({ body, session }) => {
    const { ctx, own } = await open(session, body.jointExamId, [JOINT_GRADE_KEY]);
    if (own === undefined) throw new ApiError(409, OWN_NOT_READY);
    return gradeTranscript(ctx, {
      pageNum: body.pageNum,
      pageSize: body.pageSize,
      keyWord: body.keyWord,
      ...(own !== null && { classId: own }),
    });
  });

  router.sessionRoute(jointExamRoutes.jointSchoolBasic, 'joint', async ({ body, session }) => {
    const { ctx, own, read, viewer } = await open(session, body.jointExamId, [
      JOINT_CLASS_KEY,
      JOINT_GRADE_KEY,
    ]);
    const schoolId = body.schoolId ?? (viewer.kind === 'school' ? viewer.schoolId : undefined);
    if (viewer.kind === 'school' && schoolId !== viewer.schoolId)
      throw forbidden('只能查看本校的联考报告');
    const part = read.parts.find((p) => p.schoolId === schoolId);
    if (!part) throw new ApiError(409, schoolId === undefined ? '请选择学校' : OWN_NOT_READY);
    const data = classBasic(ctx, part.group);
    return {
      ...data,
      rows: data.rows.map((row) => ({
        ...row,
        critical: row.critical.map((c) => ({ ...c, students: ownStudentsOnly(own, c.students) })),
      })),
    };
  });
}
