import { reportRoutes, type DataOf } from '@examkit/contracts';
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
      {report.data && <ClassAbilityView data={report.data} />}
    </ClassFrame>
  );
}

/** The body of 班级报告·能力分析: the class beside its whole group (the grade, or a joint exam). */
export function ClassAbilityView({
  data,
  gradeLabel = '年级',
}: {
  data: DataOf<typeof reportRoutes.classAbility>;
  /** The whole the class is compared with: 年级, 联考. @default '年级' */
  gradeLabel?: string;
}) {
  return (
    <TagRateSections
      data={data}
      radar={(tags) => [
        { name: '班级', values: tags.map((t) => t.classScoreRate) },
        { name: gradeLabel, values: tags.map((t) => t.gradeScoreRate) },
      ]}
      rateColumns={() => [
        { title: '班级得分率', cell: (t) => formatRate(t.classScoreRate), numeric: true },
        { title: `${gradeLabel}得分率`, cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
      ]}
    />
  );
}
