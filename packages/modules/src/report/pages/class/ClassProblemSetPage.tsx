import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { questionColumns, RateInput } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { useReportPage } from '../../hooks/useReportPage';
import { formatRate } from '../../utils/format';
import { ClassFrame } from './ClassFrame';
import { lostStudentsText } from './lostStudentsText';

/** 班级报告·错题集: questions at or under the score-rate line, with who lost points. */
export function ClassProblemSetPage() {
  const [maxScoreRate, setMax] = useState(0.6);
  const { context, report } = useReportPage(
    reportRoutes.classProblemSet,
    ({ examId, classId, subjectId }) =>
      classId && subjectId ? { examId, classId, subjectId, maxScoreRate } : null,
  );
  return (
    <ClassFrame
      tab="problemSet"
      page={{ context, report }}
      subjectPicker
      exportPage="class/problemSet"
      exportSubject
      controls={<RateInput label="得分率不高于" value={maxScoreRate} onChange={setMax} />}
    >
      {report.data && (
        <DataTable
          caption={`${report.data.className} ${report.data.subjectName}错题集`}
          rowKey={(q) => q.questionId}
          rows={report.data.questions}
          columns={[
            ...questionColumns(),
            { title: '班级得分率', cell: (q) => formatRate(q.classScoreRate), numeric: true },
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
            { title: '失分人数', cell: (q) => q.students.length, numeric: true },
            {
              title: '失分学生',
              wrap: true,
              cell: (q) => lostStudentsText(q.students),
            },
          ]}
        />
      )}
    </ClassFrame>
  );
}
