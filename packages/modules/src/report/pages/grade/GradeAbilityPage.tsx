import { reportRoutes } from '@examkit/contracts';
import { useReportPage } from '../../hooks/useReportPage';
import { GradeFrame } from './GradeFrame';
import { TagSections } from './TagSections';

/** 年级报告·能力分析. */
export function GradeAbilityPage() {
  const { context, report } = useReportPage(reportRoutes.gradeAbility, ({ examId, subjectId }) =>
    subjectId ? { examId, subjectId } : null,
  );
  return (
    <GradeFrame
      tab="ability"
      page={{ context, report }}
      subjectPicker
      exportPage="grade/ability"
      exportSubject
    >
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </GradeFrame>
  );
}
