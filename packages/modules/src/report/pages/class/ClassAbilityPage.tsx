import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { radarOption } from '../../components/charts';
import { DataTable } from '../../components/DataTable';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { formatRate, formatScore } from '../../utils/format';
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
      {report.data &&
        (
          [
            ['知识点', report.data.knowledgePoints],
            ['能力', report.data.abilities],
          ] as const
        ).map(([name, tags]) => (
          <section key={name}>
            <h2>{name}得分率</h2>
            {tags.length > 2 && (
              <Chart
                kind="radar"
                label={`${name}得分率雷达图`}
                option={radarOption(
                  tags.map((t) => t.tag),
                  [
                    { name: '班级', values: tags.map((t) => t.classScoreRate) },
                    { name: '年级', values: tags.map((t) => t.gradeScoreRate) },
                  ],
                )}
              />
            )}
            <DataTable
              caption={`${name}得分率`}
              rowKey={(t) => t.tag}
              rows={tags}
              columns={[
                { title: name, cell: (t) => t.tag },
                { title: '题号', cell: (t) => t.questionNumbers.join('、') },
                { title: '满分', cell: (t) => formatScore(t.fullMarks), numeric: true },
                { title: '班级得分率', cell: (t) => formatRate(t.classScoreRate), numeric: true },
                { title: '年级得分率', cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
              ]}
            />
          </section>
        ))}
    </ClassFrame>
  );
}
