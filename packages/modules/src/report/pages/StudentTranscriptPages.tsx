import { useNavigate, useParams } from 'react-router-dom';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Chart } from '../components/Chart';
import { barOption } from '../components/charts';
import { questionColumns } from '../components/columns';
import { DataTable } from '../components/DataTable';
import { ExportActions } from '../components/ExportActions';
import { ReportFrame } from '../components/ReportFrame';
import { ErrorBox, Meta, ReportBox, Toolbar, Spacer } from '../components/styled';
import { useReport } from '../hooks/useReport';
import { useReportContext } from '../hooks/useReportContext';
import {
  formatChange,
  formatFixed,
  formatInt,
  formatRate,
  formatScore,
  levelLabel,
} from '../utils/format';
import { Button, LOADING_TEXT } from '@examkit/ui';

type Transcript = DataOf<typeof reportRoutes.studentTranscript>;

const TABS = [
  { key: 'transcriptBasic', label: '基本情况' },
  { key: 'transcriptMistakes', label: '错题' },
] as const;

function useIds() {
  const params = useParams();
  return {
    examId: Number(params.examId) || 0,
    classId: Number(params.classId) || 0,
    studentId: Number(params.studentId) || 0,
  };
}

function BasicTable({ data }: { data: Transcript }) {
  return (
    <DataTable
      caption={`${data.student.name}成绩`}
      rowKey={(r) => r.subjectId}
      rows={data.basic}
      columns={[
        { title: '学科', cell: (r) => r.subjectName },
        { title: '满分', cell: (r) => formatScore(r.fullMarks), numeric: true },
        { title: '得分', cell: (r) => formatScore(r.score), numeric: true },
        { title: '等级', cell: (r) => levelLabel(r.level) },
        { title: '班级排名', cell: (r) => formatInt(r.classRank), numeric: true },
        { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
        { title: '进退步', cell: (r) => formatChange(r.rankChange), numeric: true },
        { title: 'Z分', cell: (r) => formatFixed(r.z), numeric: true },
        { title: 'T分', cell: (r) => formatFixed(r.t, 1), numeric: true },
        { title: '偏科名次差', cell: (r) => formatInt(r.balance), numeric: true },
        { title: '班级平均分', cell: (r) => formatScore(r.classMean), numeric: true },
        { title: '年级平均分', cell: (r) => formatScore(r.gradeMean), numeric: true },
        { title: '班级最高分', cell: (r) => formatScore(r.classMax), numeric: true },
        { title: '年级最高分', cell: (r) => formatScore(r.gradeMax), numeric: true },
      ]}
    />
  );
}

function MistakeTables({ data }: { data: Transcript }) {
  if (data.mistakes.length === 0)
    return (
      <DataTable
        caption="错题"
        rowKey={() => 0}
        rows={[]}
        columns={[{ title: '题号', cell: () => '' }]}
      />
    );
  return (
    <>
      {data.mistakes.map((m) => (
        <DataTable
          key={m.subjectId}
          caption={`${m.subjectName}错题`}
          rowKey={(q) => q.questionId}
          rows={m.questions}
          columns={[
            ...questionColumns(),
            { title: '得分', cell: (q) => formatScore(q.score), numeric: true },
            { title: '作答', cell: (q) => q.studentAnswer ?? '—' },
            { title: '答案', cell: (q) => q.answer ?? '—' },
            { title: '班级得分率', cell: (q) => formatRate(q.classScoreRate), numeric: true },
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
          ]}
        />
      ))}
    </>
  );
}

function StudentTranscript({ tab }: { tab: 'transcriptBasic' | 'transcriptMistakes' }) {
  const navigate = useNavigate();
  const { examId, classId, studentId } = useIds();
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
          <Button
            type="link"
            onClick={() => navigate(`/print/${examId}/${classId}/${studentId}/transcriptMistakes`)}
          >
            打印错题
          </Button>
        </>
      }
    >
      {data && (
        <>
          <Meta>
            {data.student.className} · 学号 {data.student.studentNo} · 考号 {data.student.examNo}
            {data.previousExam ? ` · 进退步对比 ${data.previousExam.name}` : ''}
          </Meta>
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

/** 学生成绩单·基本情况. */
export function StudentTranscriptBasicPage() {
  return <StudentTranscript tab="transcriptBasic" />;
}

/** 学生成绩单·错题. */
export function StudentTranscriptMistakesPage() {
  return <StudentTranscript tab="transcriptMistakes" />;
}

/** The print page of a student's transcript and lost questions (/print/…/transcriptMistakes). */
export function TranscriptMistakesPrintPage() {
  const { examId, classId, studentId } = useIds();
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
