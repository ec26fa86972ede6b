import { reportRoutes } from '@examkit/contracts';
import { TagRateSections } from '../../components/TagRateSections';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { formatRate } from '../../utils/format';
import { ClassFrame } from './ClassFrame';

/** 班级报告·能力分析: knowledge points and abilities with a radar. */
export function ClassAbilityPage() {
  const context = useReportContext();
  const { examId, classId, subjectId } = context;
  const report = useReport(
    reportRoutes.classAbility,
    classId && subjectId ? { examId, classId, subjectId } : null,
  );
  return (
    <ClassFrame
      tab="ability"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      exportPage="class/ability"
      exportSubject
    >
      {report.data && (
        <TagRateSections
          data={report.data}
          radar={(tags) => [
            { name: '班级', values: tags.map((t) => t.classScoreRate) },
            { name: '年级', values: tags.map((t) => t.gradeScoreRate) },
          ]}
          rateColumns={() => [
            { title: '班级得分率', cell: (t) => formatRate(t.classScoreRate), numeric: true },
            { title: '年级得分率', cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
          ]}
        />
      )}
    </ClassFrame>
  );
}
