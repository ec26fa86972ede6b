import { useNavigate } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button } from '@examkit/ui';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import { ExportActions } from '../../components/ExportActions';
import { ReportFrame } from '../../components/ReportFrame';
import { Meta } from '../../components/styled';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { PROGRESS_NOTE } from '../../utils/format';
import { BasicTable, MistakeTables } from './TranscriptTables';
import { useTranscriptIds } from './useTranscriptIds';

const TABS = [
  { key: 'transcriptBasic', label: '基本情况' },
  { key: 'transcriptMistakes', label: '错题' },
] as const;

/** 学生成绩单 on one tab (基本情况 or 错题); the tabs switch by route. */
export function StudentTranscript({ tab }: { tab: 'transcriptBasic' | 'transcriptMistakes' }) {
  const navigate = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  const { examId, classId, studentId } = useTranscriptIds();
  const context = useReportContext();
  const report = useReport(
    reportRoutes.studentTranscript,
    examId && classId && studentId ? { examId, classId, studentId } : null,
  );
  const data = report.data;
  const subjects = data?.basic.filter((r) => r.subjectId !== 0) ?? [];
  const base = `/exam/single/report/class/transcript/${examId}/${classId}/${studentId}`;
  return (
    <ReportFrame
      title={data ? `学生成绩单·${data.student.name}` : '学生成绩单'}
      context={context}
      tabs={TABS}
      active={tab}
      onTab={(key) => navigate(`${base}/${key}`)}
      error={report.error}
      loading={report.loading}
      actions={
        <>
          <ExportActions
            examId={examId}
            page="student/transcript"
            classId={classId}
            studentId={studentId}
          />
          {/* The print page is a route of Exam-Single. */}
          {hasPermission(codes, 'Exam-Single') && (
            <Button
              type="link"
              onClick={() =>
                navigate(`/print/${examId}/${classId}/${studentId}/transcriptMistakes`)
              }
            >
              打印错题
            </Button>
          )}
        </>
      }
    >
      {data && (
        <>
          <Meta>
            {data.student.className} · 学号 {data.student.studentNo} · 考号 {data.student.examNo}
            {data.previousExam ? ` · 进退步对比 ${data.previousExam.name}` : ''}
          </Meta>
          {data.previousExam && <Meta>{PROGRESS_NOTE}</Meta>}
          {tab === 'transcriptBasic' ? (
            <>
              <Chart
                kind="bar"
                label="各学科得分率与班级、年级对比"
                height={260}
                option={barOption(
                  subjects.map((s) => s.subjectName),
                  [
                    {
                      name: '本人',
                      values: subjects.map((s) => (s.score == null ? null : s.score / s.fullMarks)),
                    },
                    {
                      name: '班级平均',
                      values: subjects.map((s) =>
                        s.classMean == null ? null : s.classMean / s.fullMarks,
                      ),
                    },
                    {
                      name: '年级平均',
                      values: subjects.map((s) =>
                        s.gradeMean == null ? null : s.gradeMean / s.fullMarks,
                      ),
                    },
                  ],
                  true,
                )}
              />
              <BasicTable data={data} />
            </>
          ) : (
            <MistakeTables data={data} />
          )}
        </>
      )}
    </ReportFrame>
  );
}
