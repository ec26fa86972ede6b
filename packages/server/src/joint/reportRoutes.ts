import { jointExamRoutes } from '@examkit/contracts';
import type { JointReportDeps } from './reportPdf';
import { ApiError, forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { classBasic, gradeBasic, gradeRank, gradeTranscript } from '../report/views';
import {
  JOINT_CLASS_KEY,
  JOINT_GRADE_KEY,
  loadJointForReport,
  OWN_NOT_READY,
  type JointViewer,
} from './access';
import { registerJointReportPages } from './reportPages';
import { ownCritical, ownGroup, viewerContext } from './privacy';
import { readJointReport } from './report';
import {
  duckGradeBasic,
  duckGradeRank,
  duckGradeTranscript,
  duckSchoolBasic,
  readDuckSnapshot,
} from './duckReport';

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

  /** The snapshot's rows when it was computed in DuckDB (docs/joint-exams.md#snapshots), else null. */
  const rows = async (session: SessionInfo, jointExamId: number) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, [JOINT_GRADE_KEY]);
    return readDuckSnapshot(db, clock, joint, viewer);
  };

  router.sessionRoute(jointExamRoutes.jointGradeBasic, 'joint', async ({ body, session }) => {
    const duck = await rows(session, body.jointExamId);
    if (duck) return duckGradeBasic(db, duck);
    const { ctx, own } = await open(session, body.jointExamId, [JOINT_GRADE_KEY]);
    return ownCritical(own, gradeBasic(ctx));
  });

  router.sessionRoute(jointExamRoutes.jointGradeRank, 'joint', async ({ body, session }) => {
    const duck = await rows(session, body.jointExamId);
    if (duck) {
      if (duck.own === undefined) throw new ApiError(409, OWN_NOT_READY);
      return duckGradeRank(db, duck, body.subjectId, body);
    }
    const { ctx, own } = await open(session, body.jointExamId, [JOINT_GRADE_KEY]);
    if (own === undefined) throw new ApiError(409, OWN_NOT_READY);
    return gradeRank(ctx, body.subjectId, {
      pageNum: body.pageNum,
      pageSize: body.pageSize,
      ...(own !== null && { classId: own }),
    });
  });

  router.sessionRoute(jointExamRoutes.jointGradeTranscript, 'joint', async ({ body, session }) => {
    const duck = await rows(session, body.jointExamId);
    if (duck) {
      if (duck.own === undefined) throw new ApiError(409, OWN_NOT_READY);
      return duckGradeTranscript(db, duck, body);
    }
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
    /** The school asked for: the bureau's choice, a school's own (another school's is refused). */
    const schoolOf = (viewer: JointViewer) => {
      const schoolId = body.schoolId ?? (viewer.kind === 'school' ? viewer.schoolId : undefined);
      if (viewer.kind === 'school' && schoolId !== viewer.schoolId)
        throw forbidden('只能查看本校的联考报告');
      return schoolId;
    };
    const missing = (schoolId: number | undefined) =>
      new ApiError(409, schoolId === undefined ? '请选择学校' : OWN_NOT_READY);
    const keys = [JOINT_CLASS_KEY, JOINT_GRADE_KEY];
    const opened = await loadJointForReport(db, session, body.jointExamId, keys);
    const duck = await readDuckSnapshot(db, clock, opened.joint, opened.viewer);
    if (duck) {
      const schoolId = schoolOf(opened.viewer);
      const part = duck.head.parts.find((p) => p.schoolId === schoolId);
      if (!part) throw missing(schoolId);
      return duckSchoolBasic(db, duck, part.group);
    }
    const { ctx, own, read, viewer } = await open(session, body.jointExamId, keys);
    const schoolId = schoolOf(viewer);
    const part = read.parts.find((p) => p.schoolId === schoolId);
    if (!part) throw missing(schoolId);
    return ownCritical(own, classBasic(ctx, part.group));
  });
}
