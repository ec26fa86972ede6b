import { Obj, post } from '../builders';
import { ExamBody, Int, R } from './common';

/** Recomputing an exam's cached report. */
export const recomputeRoutes = {
  recomputeReport: post(
    `${R}/recompute`,
    "recompute an exam's cached report now (refresh_report of the marking domain rewrites scores, which also triggers it)",
    ExamBody,
    Obj({ examId: Int, computedAt: Int, studentCount: Int }),
  ),
};
