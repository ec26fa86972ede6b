import { reportRoutes } from '@examkit/contracts';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { CustomFrame } from './CustomFrame';
import { TagSections } from './TagSections';

/** 自定义报告·知识模型. */
export function GradeCustomKnowModelPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(
    reportRoutes.gradeCustomKnowModel,
    subjectId ? { examId, subjectId } : null,
  );
  return (
    <CustomFrame
      context={context}
      tab="customKnowModel"
      subjectPicker
      error={report.error}
      loading={report.loading}
    >
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </CustomFrame>
  );
}
