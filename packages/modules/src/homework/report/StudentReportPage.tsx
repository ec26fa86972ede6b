import { useEffect, useState } from 'react';
import { Link, NavLink, useParams, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkReportRoutes as r,
  type StudentHomeworkReport,
  type StudentQuestionResult,
} from '@examkit/contracts';
import { ANNOTATION_KIND_LABELS, SUBMISSION_SOURCE_LABELS } from '@examkit/contracts/rules';
import { Button, Empty, FormField, LOADING_TEXT, TextInput } from '@examkit/ui';
import { styled } from 'styled-components';
import { useImageUrl } from '../../common/useImageUrl';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatPoints } from '../../marking/utils/scoring';
import { AnnotatedImage } from '../components/AnnotatedImage';
import { SubmissionStatus } from '../components/SubmissionStatus';
import { ReportTabsNav } from './ReportHeader';
import { percent, useReport } from './useReport';

const Card = styled.article`
  border: 1px solid #d0d7de;
  border-radius: 6px;
  padding: 12px 16px;
  margin-bottom: 12px;
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
    margin: 0 0 8px;
  }
  dd {
    margin: 0;
  }
`;

/** A question's scanned crop with the teacher's marks drawn over it. */
function QuestionImage({
  submissionId,
  q,
  alt,
}: {
  submissionId: number;
  q: StudentQuestionResult;
  alt: string;
}) {
  const { url: src, error } = useImageUrl(
    `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${submissionId}&questionNo=${q.no}`,
  );
  if (error) return <Note>{error}</Note>;
  if (!src) return <p role="status">{LOADING_TEXT}</p>;
  return <AnnotatedImage src={src} alt={alt} annotations={q.annotations} />;
}

function QuestionCard({ report, q }: { report: StudentHomeworkReport; q: StudentQuestionResult }) {
  const title = `第 ${q.label} 题`;
  return (
    <Card aria-label={title}>
      <h3>
        {title}（{q.type === 'objective' ? '客观题' : '主观题'}）{' '}
        {q.judgement ? <SubmissionStatus status={q.judgement} /> : '未批改'}
      </h3>
      <dl>
        <dt>得分</dt>
        <dd>
          {q.score === null ? '—' : formatPoints(q.score)} / {formatPoints(q.fullMarks)}
        </dd>
        <dt>班级得分率</dt>
        <dd>{percent(q.classScoreRate)}</dd>
        {q.type === 'objective' && (
          <>
            <dt>正确答案</dt>
            <dd>
              {q.answer ?? '—'}（作答 {q.studentAnswer || '未作答'}）
            </dd>
          </>
        )}
        {q.rubricItems.length > 0 && (
          <>
            <dt>评分项</dt>
            <dd>
              {q.rubricItems
                .map((i) => `${i.label}（${i.points > 0 ? '+' : ''}${formatPoints(i.points)}）`)
                .join('；')}
              {q.adjustment ? `；调整 ${formatPoints(q.adjustment)}` : ''}
            </dd>
          </>
        )}
        {q.annotations.length > 0 && (
          <>
            <dt>批注</dt>
            <dd>
              {q.annotations
                .map((a) =>
                  a.kind === 'text' ? `文字：${a.text}` : ANNOTATION_KIND_LABELS[a.kind],
                )
                .join('、')}
            </dd>
          </>
        )}
      </dl>
      {q.hasImage && report.submissionId !== null && (
        <QuestionImage
          submissionId={report.submissionId}
          q={q}
          alt={`${report.student.name}${title}作答`}
        />
      )}
    </Card>
  );
}

/** 录入: a teacher types a student's objective answers and subjective scores. */
function ManualEntry({
  report,
  onSaved,
}: {
  report: StudentHomeworkReport;
  onSaved(next: StudentHomeworkReport): void;
}) {
  const call = useApiCall();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      report.questions.map((q) => [
        q.no,
        q.type === 'objective' ? (q.studentAnswer ?? '') : q.score === null ? '' : String(q.score),
      ]),
    ),
  );
  const [saved, setSaved] = useState(false);
  const save = async () => {
    const answers = report.questions
      .filter((q) => (values[q.no] ?? '').trim() !== '')
      .map((q) => {
        const v = values[q.no]!.trim();
        return q.type === 'objective'
          ? { questionNo: q.no, answer: v, score: null }
          : { questionNo: q.no, answer: null, score: Number(v) };
      });
    const x = await call(r.manualSave, {
      id: report.homework.id,
      studentId: report.student.id,
      answers,
    });
    if (x.ok) {
      setSaved(true);
      onSaved(x.data);
    }
  };
  return (
    <section aria-label="录入成绩">
      <h2>录入成绩</h2>
      <Note>客观题填写学生所选选项（如 A、BD、对），按答案自动计分；主观题填写得分。</Note>
      <Toolbar>
        {report.questions.map((q) => (
          <FormField
            key={q.no}
            label={`第 ${q.label} 题${q.type === 'objective' ? '作答' : `得分（满分 ${formatPoints(q.fullMarks)}）`}`}
          >
            <TextInput
              value={values[q.no] ?? ''}
              inputMode={q.type === 'objective' ? 'text' : 'decimal'}
              onChange={(e) => {
                setSaved(false);
                setValues((v) => ({ ...v, [q.no]: e.target.value }));
              }}
            />
          </FormField>
        ))}
      </Toolbar>
      <Button type="primary" onClick={() => void save()}>
        保存录入
      </Button>
      {saved && <span role="status">已保存录入</span>}
    </section>
  );
}

/**
 * 学生作业报告 (/homework/school-base/student/{studentId}/report/analysis?id= and …/wrong?id=):
 * one student's homework, every question (or only the wrong ones) with score, rubric items and
 * the teacher's marks drawn over the scanned answer; 录入 for a hand-in on paper not scanned.
 */
export function StudentReportPage({ view }: { view: 'analysis' | 'wrong' }) {
  const studentId = Number(useParams().studentId);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = id > 0 && studentId > 0;
  const route = view === 'wrong' ? r.studentWrong : r.studentAnalysis;
  const { data, error, loading } = useReport(route, valid ? { id, studentId } : null);
  const [entered, setEntered] = useState<StudentHomeworkReport | null>(null);
  useEffect(() => setEntered(null), [view, id, studentId]);
  if (!valid) return <Empty text="请从作业报告的学生列表选择学生" />;
  const report = entered ?? data;
  const base = `/homework/school-base/student/${studentId}/report`;
  const canEnter =
    view === 'analysis' &&
    report !== null &&
    (report.source === null || report.source === 'manual');
  return (
    <PageBox aria-busy={loading}>
      <h1>
        学生作业报告
        {report ? ` · ${report.student.name} · ${report.homework.name}` : ''}
      </h1>
      <ReportTabsNav aria-label="学生报告分类">
        <NavLink to={`${base}/analysis?id=${id}`}>作业分析</NavLink>
        <NavLink to={`${base}/wrong?id=${id}`}>错题</NavLink>
        <Link to={`/homework/school-base/${id}/report/student`}>返回学生列表</Link>
        <Link to={`/resource/student-wrong/detail?studentId=${studentId}`}>错题本</Link>
      </ReportTabsNav>
      {error && <p role="alert">{error}</p>}
      {loading && <p role="status">{LOADING_TEXT}</p>}
      {report && (
        <>
          <Toolbar>
            <span>
              {report.student.className} · 学号 {report.student.studentNo}
            </span>
            <SubmissionStatus status={report.status} />
            {report.source && <span>来源：{SUBMISSION_SOURCE_LABELS[report.source]}</span>}
            <span>
              得分 {report.score === null ? '—' : formatPoints(report.score)} /{' '}
              {formatPoints(report.homework.fullMarks)}
            </span>
            <span>
              班级平均 {report.classAverage === null ? '—' : formatPoints(report.classAverage)}
            </span>
          </Toolbar>
          {report.comment && <Note>教师评语：{report.comment}</Note>}
          {canEnter && <ManualEntry report={report} onSaved={setEntered} />}
          {view === 'wrong' && report.questions.length === 0 && <Empty text="本次作业没有错题" />}
          {report.questions.map((q) => (
            <QuestionCard key={q.no} report={report} q={q} />
          ))}
        </>
      )}
    </PageBox>
  );
}

export const StudentAnalysisPage = () => <StudentReportPage view="analysis" />;
export const StudentWrongPage = () => <StudentReportPage view="wrong" />;
