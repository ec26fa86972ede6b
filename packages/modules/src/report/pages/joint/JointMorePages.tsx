import { jointReportRoutes } from '@examkit/contracts';
import { Meta } from '../../components/styled';
import { ClassAbilityView } from '../class/ClassAbilityPage';
import { ClassCommentView } from '../class/ClassCommentPage';
import { ClassTranscriptView } from '../class/ClassTranscriptPage';
import { GradeCommentView } from '../grade/GradeCommentPage';
import { TagSections } from '../grade/TagSections';
import { JointReportFrame, useJointReportPage } from './JointReportFrame';

const SCHOOLS_NOTE =
  '各学校为一组（其他学校按组织者的设置显示名称或代号），只有各校的汇总数字，没有其他学校的学生。';
const CLASS_NOTE = '本班与全部参考学校（联考整体）对比；排名为联考排名。';

/** /exam/multiple/report/grade/comment/{id}: each question over every school, each school beside it. */
export function JointGradeCommentPage() {
  const { context, report } = useJointReportPage(
    jointReportRoutes.jointGradeComment,
    ({ examId, subjectId }) => (subjectId ? { jointExamId: examId, subjectId } : null),
  );
  return (
    <JointReportFrame tab="comment" context={context} report={report} subjectPicker>
      <Meta>{SCHOOLS_NOTE}</Meta>
      {report.data && <GradeCommentView data={report.data} gradeLabel="联考" groupLabel="校" />}
    </JointReportFrame>
  );
}

/** /exam/multiple/report/grade/ability/{id}: knowledge points and abilities, each school beside the whole. */
export function JointGradeAbilityPage() {
  const { context, report } = useJointReportPage(
    jointReportRoutes.jointGradeAbility,
    ({ examId, subjectId }) => (subjectId ? { jointExamId: examId, subjectId } : null),
  );
  return (
    <JointReportFrame tab="ability" context={context} report={report} subjectPicker>
      <Meta>{SCHOOLS_NOTE}</Meta>
      {report.data && (
        <TagSections
          data={report.data}
          classes={report.data.exam.classes}
          gradeLabel="联考"
          groupLabel="校"
        />
      )}
    </JointReportFrame>
  );
}

/** /exam/multiple/report/class/comment/{id}: one class beside the whole joint exam, question by question. */
export function JointClassCommentPage() {
  const { context, report } = useJointReportPage(
    jointReportRoutes.jointClassComment,
    ({ examId, classId, subjectId }) =>
      classId && subjectId ? { jointExamId: examId, classId, subjectId } : null,
  );
  return (
    <JointReportFrame tab="classComment" context={context} report={report} subjectPicker>
      <Meta>{CLASS_NOTE}</Meta>
      {report.data && <ClassCommentView data={report.data} gradeLabel="联考" />}
    </JointReportFrame>
  );
}

/** /exam/multiple/report/class/ability/{id}: one class's knowledge points beside the whole joint exam. */
export function JointClassAbilityPage() {
  const { context, report } = useJointReportPage(
    jointReportRoutes.jointClassAbility,
    ({ examId, classId, subjectId }) =>
      classId && subjectId ? { jointExamId: examId, classId, subjectId } : null,
  );
  return (
    <JointReportFrame tab="classAbility" context={context} report={report} subjectPicker>
      <Meta>{CLASS_NOTE}</Meta>
      {report.data && <ClassAbilityView data={report.data} gradeLabel="联考" />}
    </JointReportFrame>
  );
}

/** /exam/multiple/report/class/transcript/{id}: the students of one class with class and joint ranks. */
export function JointClassTranscriptPage() {
  const { context, report } = useJointReportPage(
    jointReportRoutes.jointClassTranscript,
    ({ examId, classId }) => (classId ? { jointExamId: examId, classId } : null),
  );
  return (
    <JointReportFrame tab="classTranscript" context={context} report={report}>
      <Meta>{CLASS_NOTE}</Meta>
      {report.data && (
        <ClassTranscriptView
          data={report.data}
          subjects={report.data.exam.subjects}
          gradeLabel="联考"
        />
      )}
    </JointReportFrame>
  );
}
