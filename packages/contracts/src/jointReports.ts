import { Id, Obj, post } from './builders';
import { DownloadStarted } from './download';
import { ReportExam } from './report/common';
import { gradeReportRoutes } from './report/grade';
import { classReportRoutes } from './report/class';

const JointSubject = Obj({ jointExamId: Id, subjectId: Id });
const JointClass = Obj({ jointExamId: Id, classId: Id });
const JointClassSubject = Obj({ jointExamId: Id, classId: Id, subjectId: Id });

/**
 * The joint report pages beyond basic, rank and transcript (docs/joint-exams.md#reports): the
 * single-exam pages over every finished school. The grade pages show each school as one group;
 * the class pages show one class of a school beside the whole joint exam.
 */
export const jointReportRoutes = {
  jointReportClasses: post(
    '/marking-report/joint/class/list',
    'the joint exam as a report header, with the classes the caller may open (a school: its own, in its data scope; the bureau: every class)',
    Obj({ jointExamId: Id }),
    Obj({ exam: ReportExam }),
  ),
  jointGradeComment: post(
    '/marking-report/joint/grade/comment',
    'joint grade report, 试卷讲评: per question over every school, each school beside it',
    JointSubject,
    gradeReportRoutes.gradeComment.data,
  ),
  jointGradeAbility: post(
    '/marking-report/joint/grade/ability',
    'joint grade report, 能力分析: knowledge points and abilities over every school, each school beside it',
    JointSubject,
    gradeReportRoutes.gradeAbility.data,
  ),
  jointClassComment: post(
    '/marking-report/joint/class/comment',
    'joint class report, 试卷讲评: one class beside the whole joint exam, with its students who lost points',
    JointClassSubject,
    classReportRoutes.classComment.data,
  ),
  jointClassAbility: post(
    '/marking-report/joint/class/ability',
    'joint class report, 能力分析: one class beside the whole joint exam',
    JointClassSubject,
    classReportRoutes.classAbility.data,
  ),
  jointClassTranscript: post(
    '/marking-report/joint/class/transcript',
    'joint class report, 成绩单: the students of one class with their class and joint ranks',
    JointClass,
    classReportRoutes.classTranscript.data,
  ),
  jointReportPdf: post(
    '/marking-report/joint/export/job',
    'the joint report as one PDF, a download-centre job (grade basic, each subject’s comment and ability, the caller’s own students’ transcript)',
    Obj({ jointExamId: Id }),
    DownloadStarted,
  ),
};
