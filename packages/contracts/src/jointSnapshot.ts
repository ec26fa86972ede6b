import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post } from './builders';

/**
 * Where a joint exam's report snapshot stands (docs/joint-exams.md#snapshots): `waiting` before
 * any school has finished, `computing` with its progress, `ready` (the report pages open at
 * once) or `failed` with the reason.
 */
export const JointReportStatus = Type.Object({
  state: OneOf(['waiting', 'computing', 'ready', 'failed'] as const),
  /** 0–100. */
  progress: Type.Integer(),
  /** The step under way, in Chinese. */
  stage: Type.String(),
  message: Nullable(Type.String()),
});
export type JointReportStatus = Static<typeof JointReportStatus>;

export const jointSnapshotRoutes = {
  jointReportStatus: post(
    '/marking-report/joint/report/status',
    'where the joint report’s snapshot stands; starts computing it in the background when the schools’ scores changed',
    Obj({ jointExamId: Type.Integer({ minimum: 1, title: '联考' }) }),
    JointReportStatus,
  ),
};
