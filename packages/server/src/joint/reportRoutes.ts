import { jointExamRoutes } from '@examkit/contracts';
import type { JointReportDeps } from './reportPdf';
import { ApiError, forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { classBasic, gradeBasic, gradeRank, gradeTranscript } from '../report/views';
import { JOINT_CLASS_KEY, JOINT_GRADE_KEY, loadJointForReport, OWN_NOT_READY } from './access';
import { registerJointReportPages } from './reportPages';
import { ownCritical, ownGroup, viewerContext } from './privacy';
import { readJointReport } from './report';

/**
 * The joint reports (docs/joint-exams.md#reports): the single-exam report pages computed over
 * every finished school; a school's staff read other schools only as aggregates.
 */
export function registerJointReportRoutes(router: Router, deps: JointReportDeps) {
  const { db, clock } = deps;
  registerJointReportPages(router, deps);

  const open = async (session: SessionInfo, jointExamId: number, keys: readonly string[]) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, keys);
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
    return ownCritical(own, gradeBasic(ctx));
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
    return ownCritical(own, classBasic(ctx, part.group));
  });
}
