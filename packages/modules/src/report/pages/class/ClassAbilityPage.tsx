import { reportRoutes } from '@examkit/contracts';
import { TagRateSections } from '../../components/TagRateSections';
import { useReportPage } from '../../hooks/useReportPage';
import { formatRate } from '../../utils/format';
import { ClassFrame } from './ClassFrame';

/** 班级报告·能力分析: knowledge points and abilities with a radar. */
export function ClassAbilityPage() {
  const { context, report } = useReportPage(
    reportRoutes.classAbility,
    ({ examId, classId, subjectId }) =>
      classId && subjectId ? { examId, classId, subjectId } : null,
  );
  return (
    <ClassFrame
      tab="ability"
      page={{ context, report }}
      subjectPicker
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
