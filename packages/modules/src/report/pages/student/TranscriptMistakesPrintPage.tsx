import { reportRoutes } from '@examkit/contracts';
import { useNavigate } from 'react-router-dom';
import { Button, LOADING_TEXT } from '@examkit/ui';
import { ExportActions } from '../../components/ExportActions';
import { ErrorBox, Meta, ReportBox, Spacer, Toolbar } from '../../components/styled';
import { useReport } from '../../hooks/useReport';
import { BasicTable, MistakeTables } from './TranscriptTables';
import { useTranscriptIds } from './useTranscriptIds';

/** The print page of a student's transcript and lost questions (/print/…/transcriptMistakes). */
export function TranscriptMistakesPrintPage() {
  const navigate = useNavigate();
  const { examId, classId, studentId } = useTranscriptIds();
  const report = useReport(
    reportRoutes.studentTranscript,
    examId && classId && studentId ? { examId, classId, studentId } : null,
  );
  const data = report.data;
  return (
    <ReportBox data-print aria-busy={report.loading}>
      {report.error ? (
        <ErrorBox role="alert">{report.error}</ErrorBox>
      ) : !data ? (
        <Meta role="status">{LOADING_TEXT}</Meta>
      ) : (
        <>
          <Toolbar data-noprint>
            <Button onClick={() => navigate(-1)}>返回</Button>
            <Spacer />
            <ExportActions
              examId={examId}
              page="student/transcript"
              classId={classId}
              studentId={studentId}
            />
          </Toolbar>
          <h1>
            {data.exam.name} · {data.student.name}成绩单
          </h1>
          <Meta>
            {data.student.className} · 学号 {data.student.studentNo} · 考号 {data.student.examNo}
          </Meta>
          <BasicTable data={data} />
          <h2>错题</h2>
          <MistakeTables data={data} />
        </>
      )}
    </ReportBox>
  );
}
