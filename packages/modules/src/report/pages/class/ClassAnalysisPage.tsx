import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { lineOption } from '../../components/charts';
import { criticalColumns, criticalRows } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { useReport } from '../../hooks/useReport';
import { useReportPage } from '../../hooks/useReportPage';
import {
  formatChange,
  formatFixed,
  formatInt,
  formatPercentileChange,
  PROGRESS_NOTE,
} from '../../utils/format';
import { ClassFrame } from './ClassFrame';

/** 班级报告·学情分析: levels, 临界生, 进退步 and 偏科, with the class's rank trend. */
export function ClassAnalysisPage() {
  const { context, report } = useReportPage(reportRoutes.classAnalysis, ({ examId, classId }) =>
    classId ? { examId, classId } : null,
  );
  const { classId } = context;
  const trend = useReport(reportRoutes.teacherClassExam, classId ? { classId } : null);
  const data = report.data;
  const exams = trend.data?.exams ?? [];
  return (
    <ClassFrame tab="analysis" page={{ context, report }} exportPage="class/analysis">
      {data && (
        <>
          <DataTable
            caption="各学科等级人数"
            rowKey={(r) => r.subjectId}
            rows={data.levels}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '优秀', cell: (r) => r.excellent, numeric: true },
              { title: '良好', cell: (r) => r.good, numeric: true },
              { title: '及格', cell: (r) => r.pass, numeric: true },
              { title: '不及格', cell: (r) => r.fail, numeric: true },
              { title: '低分', cell: (r) => r.low, numeric: true },
              { title: '缺考', cell: (r) => r.absent, numeric: true },
            ]}
          />
          {exams.length > 1 && (
            <Chart
              kind="line"
              label="班级均分排名趋势"
              height={260}
              option={lineOption(
                exams.map((e) => e.name),
                [{ name: '均分排名', values: exams.map((e) => e.meanRank) }],
                true,
              )}
            />
          )}
          <DataTable
            caption="临界生"
            rowKey={(r, i) => `${r.subject}-${i}`}
            rows={data.critical.flatMap((c) =>
              criticalRows(c.lines).map((l) => ({ ...l, subject: c.subjectName })),
            )}
            columns={[{ title: '学科', cell: (r) => r.subject }, ...criticalColumns()]}
          />
          <DataTable
            caption={`进退步${data.previousExam ? `（对比 ${data.previousExam.name}）` : '（无上次考试）'}`}
            rowKey={(r) => r.studentId}
            rows={data.rankChanges}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              {
                title: '上次百分位',
                cell: (r) => formatFixed(r.previousPercentile, 1),
                numeric: true,
              },
              { title: '本次百分位', cell: (r) => formatFixed(r.percentile, 1), numeric: true },
              {
                title: '进退步（百分位）',
                cell: (r) => formatPercentileChange(r.percentileChange),
                numeric: true,
              },
              { title: '上次年级排名', cell: (r) => r.previousRank, numeric: true },
              { title: '本次年级排名', cell: (r) => r.gradeRank, numeric: true },
              { title: '名次变化', cell: (r) => formatChange(r.change), numeric: true },
            ]}
          />
          <p>{PROGRESS_NOTE}</p>
          <DataTable
            caption="偏科学生"
            rowKey={(r) => r.studentId}
            rows={data.imbalanced}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              { title: '总分年级排名', cell: (r) => formatInt(r.totalGradeRank), numeric: true },
              {
                title: '薄弱学科',
                wrap: true,
                cell: (r) =>
                  r.weakSubjects
                    .map(
                      (s) =>
                        `${s.subjectName}（第${formatInt(s.gradeRank)}名，落后${s.balance}名）`,
                    )
                    .join('、'),
              },
            ]}
          />
        </>
      )}
    </ClassFrame>
  );
}
