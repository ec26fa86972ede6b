import * as contracts from '@examkit/contracts';
import { WRITE, type Entry } from '../entry';

/** The data-scope rows of cross-school work: 联考, 跨校考试, 分析中心 and the joint reports. */
export const crossRows: Record<string, Entry> = {
  // 联考 (jointExamId): a school outside the joint exam gets 404 on every joint route, a
  // participant reads only its own students (joint/joint.test.ts)
  ...Object.fromEntries(
    Object.keys(contracts.jointExamRoutes).map((name) => [
      `jointExamRoutes.${name}`,
      { kind: 'covered', why: 'joint exams: joint/joint.test.ts' } as const,
    ]),
  ),
  // 统一阅卷 (jointExamId, blockId, taskId): the organiser's calls answer 404 outside the joint
  // exam and 403 to a participant; a marker reaches only the pool blocks they are named on, in a
  // joint exam of their school, and never sees the student or school (joint/pool.test.ts); a
  // block's 组长 alone resolves and re-marks its papers, another joint exam's answer 404
  // (joint/poolLeader.test.ts)
  ...Object.fromEntries(
    Object.keys(contracts.jointPoolRoutes).map((name) => [
      `jointPoolRoutes.${name}`,
      {
        kind: 'covered',
        why: 'joint pool marking: joint/pool.test.ts, joint/poolLeader.test.ts',
      } as const,
    ]),
  ),
  // 跨校考试: an invite for an exam of the caller's school and grade only (crossSchool/cross.test.ts)
  'crossSchoolRoutes.crossInvite': WRITE(
    'exam managers of the exam’s grade only; another school’s exam 404 (crossSchool/cross.test.ts)',
  ),
  // 分析中心: the classes whose totals the caller's single reports show; a class outside 403
  // (analytic/analytic.test.ts “a 班主任 sees their own class only”)
  'analyticRoutes.analyticReport': WRITE(
    'students of the classes in full scope only; another class 403, another grade’s analysis 404 (analytic/analytic.test.ts)',
  ),
  'analyticRoutes.analyticStudent': WRITE(
    'a student the caller sees in the report only: another class’s student or another school’s (joint) 404, another school’s analysis 404 (analytic/analytic.test.ts “one student’s subject trend”)',
  ),
  'analyticRoutes.analyticExport': WRITE(
    'the report’s own rules at the start of the job: a 班主任’s file holds their class, another class 403, another school 404 (analytic/analytic.test.ts “exports the analysis”)',
  ),
  'jointSnapshotRoutes.jointReportStatus': {
    kind: 'covered',
    why: 'the joint report’s own visibility, no personal data: joint/snapshots.test.ts',
  },
  // 新高考 over a joint exam: the joint exam's own visibility (404 outside), the organiser alone
  // writes, a school's transcript its own students in the caller's classes (gaokao/joint.test.ts)
  ...Object.fromEntries(
    Object.keys(contracts.gaokaoJointRoutes).map((name) => [
      `gaokaoJointRoutes.${name}`,
      { kind: 'covered', why: 'joint 新高考: gaokao/joint.test.ts' } as const,
    ]),
  ),
  // The platform operator: no school session at all; a school or bureau session is refused 403,
  // and the console reads schools by name only, never students or scores (region/operator.test.ts)
  ...Object.fromEntries(
    Object.keys(contracts.operatorRoutes).map((name) => [
      `operatorRoutes.${name}`,
      { kind: 'covered', why: 'platform operator: region/operator.test.ts' } as const,
    ]),
  ),
  ...Object.fromEntries(
    Object.keys(contracts.jointReportRoutes).map((name) => [
      `jointReportRoutes.${name}`,
      { kind: 'covered', why: 'joint report pages: joint/joint.test.ts' } as const,
    ]),
  ),
};
