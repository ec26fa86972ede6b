import { Type, type Static } from 'typebox';
import { EmptyData } from './envelope';
import { Obj, OneOf, post, titled as t } from './builders';
import { DownloadStarted } from './download';
import { GAOKAO_ANALYSIS_FIELDS, GaokaoReport } from './gaokao';
import { JointReportStatus } from './jointSnapshot';

/**
 * The 新高考 simulation over a joint exam (联考, docs/gaokao.md "Over a joint exam"): its organiser
 * (the bureau or the lead school) converts every finished school's scores with one profile; ranks
 * are within 物理类 and 历史类 across the whole joint exam, and each school reads its own students
 * by name and the other schools as aggregates.
 */

const G = '/marking-main/gaokao/joint';
const Int = Type.Integer();
const Str = Type.String();

/** A joint exam the caller organises with 语数外 and 物理 or 历史 and a finished school. */
export const GaokaoJointExam = Type.Object({
  jointExamId: Int,
  name: Str,
  gradeName: Str,
  examDate: Str,
  subjects: Type.Array(Str),
  /** Schools whose own exam is finished (their scores count) and all participating schools. */
  finishedSchools: Int,
  schools: Int,
});
export type GaokaoJointExam = Static<typeof GaokaoJointExam>;

const JointAnalysisId = t('联考新高考分析', Type.Integer({ minimum: 1 }));

export const gaokaoJointRoutes = {
  jointExams: post(
    `${G}/exams`,
    'joint exams the caller organises that a 新高考 analysis can be made of, newest first',
    Obj({}),
    Type.Array(GaokaoJointExam),
  ),
  jointCreate: post(
    `${G}/create`,
    'create a 新高考 analysis of a joint exam (organiser only); a retry with the same key answers the first',
    Obj({ ...GAOKAO_ANALYSIS_FIELDS, jointExamId: t('联考', Type.Integer({ minimum: 1 })) }),
    Obj({ id: Int }),
  ),
  jointRemove: post(
    `${G}/delete`,
    'delete a joint exam’s 新高考 analysis (organiser only)',
    Obj({ analysisId: JointAnalysisId }),
    EmptyData,
  ),
  jointReport: post(
    `${G}/report`,
    'every figure of a joint exam’s 新高考 analysis, cut by the privacy rules between schools',
    Obj({ analysisId: JointAnalysisId }),
    GaokaoReport,
  ),
  jointReportStatus: post(
    `${G}/report/status`,
    'where the joint analysis’s snapshot stands; starts computing it in the background when the schools’ scores or 选科 changed',
    Obj({ analysisId: JointAnalysisId }),
    JointReportStatus,
  ),
  jointExportTranscript: post(
    `${G}/report/export`,
    'the joint analysis’s transcript (all, 物理类 or 历史类) as .xlsx, a download-centre job, cut as the page is',
    Obj({
      analysisId: JointAnalysisId,
      track: t('类别', OneOf(['all', 'physics', 'history'] as const)),
    }),
    DownloadStarted,
  ),
};
