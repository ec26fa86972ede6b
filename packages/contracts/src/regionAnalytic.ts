import { Type } from 'typebox';
import { Id, Nullable, Obj, post, IdempotencyKey } from './builders';
import { DownloadStarted } from './download';
import { JointReportStatus } from './jointSnapshot';

/** How many joint exams one region analysis (区域分析) combines. */
export const REGION_ANALYTIC_MIN_EXAMS = 1;
export const REGION_ANALYTIC_MAX_EXAMS = 10;

const AnalysisId = Type.Integer({ minimum: 1, title: '分析' });
const Name = Type.String({ minLength: 1, maxLength: 100, title: '分析名称' });
const JointExamIds = Type.Array(Id, {
  minItems: REGION_ANALYTIC_MIN_EXAMS,
  maxItems: REGION_ANALYTIC_MAX_EXAMS,
  title: '联考',
});

/** A region analysis: the bureau's own analysis over several joint exams of its region. */
export const RegionAnalysis = Obj({
  id: Type.Integer(),
  name: Type.String(),
  /** The joint exams in date order. */
  exams: Type.Array(Obj({ id: Type.Integer(), name: Type.String(), examDate: Type.String() })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

/** One school's figure in one joint exam, as the joint report's school row shows it. */
const RegionPoint = Obj({
  mean: Nullable(Type.Number()),
  /** The school's rank by mean among the joint exam's schools (the joint report's 名次). */
  rank: Nullable(Type.Integer()),
  /** Percentile rank among the ranked schools: 100 × (n − rank) / n, the engine's rule. */
  percentile: Nullable(Type.Number()),
});

/**
 * A region analysis's trends: per joint exam its snapshot's status (figures only where it is
 * ready), and for the total (总分, first) and each subject (by name) every school's mean, rank and
 * percentile rank per exam, read from the joint exams' stored reports.
 */
export const RegionAnalysisReport = Obj({
  analysis: RegionAnalysis,
  exams: Type.Array(
    Obj({
      id: Type.Integer(),
      name: Type.String(),
      examDate: Type.String(),
      status: JointReportStatus,
      /** The exam's mean total over every school (null until the snapshot is ready). */
      mean: Nullable(Type.Number()),
    }),
  ),
  subjects: Type.Array(
    Obj({
      /** 总分 or the subject's name. */
      name: Type.String(),
      fullMarks: Type.Array(Nullable(Type.Number())),
      schools: Type.Array(
        Obj({
          schoolId: Type.Integer(),
          name: Type.String(),
          /** Per exam; null where the school took no part or the snapshot is not ready. */
          points: Type.Array(Nullable(RegionPoint)),
        }),
      ),
    }),
  ),
});

/**
 * 区域分析 (分析中心, bureau only): an education bureau's analyses over its region's joint exams,
 * owned by the region. School staff and another region's bureau are answered as if the analysis
 * did not exist (404). @see docs/analytic-centre.md#region
 */
export const regionAnalyticRoutes = {
  regionAnalyticList: post(
    '/marking-report/analytic/region/list',
    "the region's analyses, newest first (bureau only)",
    Obj({}),
    Type.Array(RegionAnalysis),
  ),
  regionAnalyticCreate: post(
    '/marking-report/analytic/region/create',
    "combine 1–10 of the region's joint exams into a region analysis; a retry with the same key creates nothing",
    Obj({
      idempotencyKey: IdempotencyKey,
      name: Name,
      jointExamIds: JointExamIds,
    }),
    RegionAnalysis,
  ),
  regionAnalyticUpdate: post(
    '/marking-report/analytic/region/update',
    'rename a region analysis or change its joint exams',
    Obj({
      analysisId: AnalysisId,
      name: Type.Optional(Name),
      jointExamIds: Type.Optional(JointExamIds),
    }),
    RegionAnalysis,
  ),
  regionAnalyticRemove: post(
    '/marking-report/analytic/region/remove',
    'delete a region analysis (the joint exams stay)',
    Obj({ analysisId: AnalysisId }),
    Obj({}),
  ),
  regionAnalyticReport: post(
    '/marking-report/analytic/region/report',
    "each school's mean, rank and percentile rank per joint exam, for the total and each subject, from the joint reports' snapshots",
    Obj({ analysisId: AnalysisId }),
    RegionAnalysisReport,
  ),
  regionAnalyticExport: post(
    '/marking-report/analytic/region/export/job',
    'the region analysis as .xlsx (总分 and each subject, one sheet each: 学校 × 联考 of 均分, 名次, 百分位), a download-centre job (bureau only)',
    Obj({ analysisId: AnalysisId }),
    DownloadStarted,
  ),
};
