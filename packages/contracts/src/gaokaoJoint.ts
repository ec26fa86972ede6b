import { Type, type Static } from 'typebox';
import { Obj, post, titled as t } from './builders';
import { gaokaoAnalysisRoutes } from './gaokao';
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

const joint = gaokaoAnalysisRoutes(
  G,
  JointAnalysisId,
  { jointExamId: t('联考', Type.Integer({ minimum: 1 })) },
  {
    create:
      'create a 新高考 analysis of a joint exam (organiser only); a retry with the same key answers the first',
    remove: 'delete a joint exam’s 新高考 analysis (organiser only)',
    report:
      'every figure of a joint exam’s 新高考 analysis, cut by the privacy rules between schools',
    exportTranscript:
      'the joint analysis’s transcript (all, 物理类 or 历史类) as .xlsx, a download-centre job, cut as the page is',
  },
);

export const gaokaoJointRoutes = {
  jointExams: post(
    `${G}/exams`,
    'joint exams the caller organises that a 新高考 analysis can be made of, newest first',
    Obj({}),
    Type.Array(GaokaoJointExam),
  ),
  jointCreate: joint.create,
  jointRemove: joint.remove,
  jointReport: joint.report,
  jointReportStatus: post(
    `${G}/report/status`,
    'where the joint analysis’s snapshot stands; starts computing it in the background when the schools’ scores or 选科 changed',
    Obj({ analysisId: JointAnalysisId }),
    JointReportStatus,
  ),
  jointExportTranscript: joint.exportTranscript,
};
