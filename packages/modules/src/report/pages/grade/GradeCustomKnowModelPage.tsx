import { reportRoutes } from '@examkit/contracts';
import { useReportPage } from '../../hooks/useReportPage';
import { CustomFrame } from './CustomFrame';
import { TagSections } from './TagSections';

/** 自定义报告·知识模型. */
export function GradeCustomKnowModelPage() {
  const { context, report } = useReportPage(
    reportRoutes.gradeCustomKnowModel,
    ({ examId, subjectId }) => (subjectId ? { examId, subjectId } : null),
  );
  return (
    <CustomFrame tab="customKnowModel" page={{ context, report }} subjectPicker>
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </CustomFrame>
  );
}
