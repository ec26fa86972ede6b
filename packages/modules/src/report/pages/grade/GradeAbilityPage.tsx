import { reportRoutes } from '@examkit/contracts';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { GradeFrame } from './GradeFrame';
import { TagSections } from './TagSections';

/** 年级报告·能力分析. */
export function GradeAbilityPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(reportRoutes.gradeAbility, subjectId ? { examId, subjectId } : null);
  return (
    <GradeFrame
      tab="ability"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      exportPage="grade/ability"
      exportSubject
    >
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </GradeFrame>
  );
}
