import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { questionColumns, RateInput } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { useReportPage } from '../../hooks/useReportPage';
import { formatRate } from '../../utils/format';
import { GradeFrame } from './GradeFrame';

/** 年级报告·错题集: weak questions with each class's score rate. */
export function GradeProblemSetPage() {
  const [maxScoreRate, setMax] = useState(0.6);
  const { context, report } = useReportPage(
    reportRoutes.gradeProblemSet,
    ({ examId, subjectId }) => (subjectId ? { examId, subjectId, maxScoreRate } : null),
  );
  const questions = report.data?.questions ?? [];
  const classes = context.exam?.classes ?? [];
  type Q = (typeof questions)[number];
  return (
    <GradeFrame
      tab="problemSet"
      page={{ context, report }}
      subjectPicker
      exportPage="grade/problemSet"
      exportSubject
      controls={<RateInput label="得分率不高于" value={maxScoreRate} onChange={setMax} />}
    >
      {report.data && (
        <DataTable<Q>
          caption={`${report.data.subjectName}错题集`}
          rowKey={(q) => q.questionId}
          rows={questions}
          columns={[
            ...questionColumns(),
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
            ...classes.map((c): Column<Q> => ({
              title: c.name,
              numeric: true,
              cell: (q) => {
                const x = q.classes.find((y) => y.classId === c.id);
                return x ? `${formatRate(x.scoreRate)}（失分${x.lostCount}人）` : '—';
              },
            })),
          ]}
        />
      )}
    </GradeFrame>
  );
}
