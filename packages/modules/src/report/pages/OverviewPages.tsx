import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { reportRoutes } from '@examkit/contracts';
import { LOADING_TEXT, Select } from '@examkit/ui';
import { Chart } from '../components/Chart';
import { barOption, radarOption } from '../components/charts';
import { DataTable } from '../components/DataTable';
import { ExportActions } from '../components/ExportActions';
import { ReportFrame } from '../components/ReportFrame';
import { ReportTabs } from '../components/ReportTabs';
import { ErrorBox, Figures, Grid, Meta, ReportBox, Spacer, Toolbar } from '../components/styled';
import { useReport } from '../hooks/useReport';
import { useReportContext } from '../hooks/useReportContext';
import { formatInt, formatRate, formatScore } from '../utils/format';

const SCREEN_TABS = [
  { key: 'basic', label: '基本情况' },
  { key: 'comment', label: '试卷讲评' },
  { key: 'ability', label: '能力分析' },
] as const;

type ScreenTab = (typeof SCREEN_TABS)[number]['key'];

const Screen = styled(ReportBox)`
  padding: 24px 32px;
  min-height: 100vh;
  box-sizing: border-box;
  background: #0b1d3a;
  color: #e6edf7;
  h1 {
    font-size: 28px;
    text-align: center;
  }
  [role='tablist'] {
    justify-content: center;
    border-color: #27406b;
  }
  [role='tablist'] button {
    color: #c9d6ea;
    font-size: 16px;
  }
  [role='tablist'] button[aria-selected='true'] {
    color: #4fc3ff;
    border-bottom-color: #4fc3ff;
  }
  dl div {
    border-color: #27406b;
    background: #10284f;
  }
  dt {
    color: #9fb3d1;
  }
  dd {
    font-size: 28px;
    color: #4fc3ff;
  }
  table {
    background: #10284f;
    color: #e6edf7;
  }
  th {
    background: #16345f;
    color: #e6edf7;
  }
  th,
  td {
    border-color: #27406b;
  }
  caption {
    color: #e6edf7;
  }
`;

function ScreenReport({ tab }: { tab: ScreenTab }) {
  const params = useParams();
  const navigate = useNavigate();
  const examId = Number(params.id) || 0;
  const report = useReport(reportRoutes.screen, examId ? { examId } : null);
  const data = report.data;
  const dark = {
    textStyle: { color: '#c9d6ea' },
    legend: { top: 0, textStyle: { color: '#c9d6ea' } },
  };
  return (
    <Screen aria-busy={report.loading}>
      <h1>{data ? `${data.exam.name} · 大屏报告` : '大屏报告'}</h1>
      <ReportTabs
        label="大屏报告"
        idPrefix="screen"
        tabs={SCREEN_TABS}
        active={tab}
        onSelect={(key) => navigate(`/exam/single/report/screen/${examId}/${key}`)}
      />
      <div role="tabpanel" id="screen-panel" aria-labelledby={`screen-tab-${tab}`}>
        {report.error ? (
          <ErrorBox role="alert">{report.error}</ErrorBox>
        ) : !data ? (
          <Meta role="status">{LOADING_TEXT}</Meta>
        ) : tab === 'basic' ? (
          <>
            <Figures aria-label="考试概况">
              <div>
                <dt>参考人数</dt>
                <dd>{data.headline.studentCount}</dd>
              </div>
              <div>
                <dt>实考人数</dt>
                <dd>{data.headline.present}</dd>
              </div>
              <div>
                <dt>缺考人数</dt>
                <dd>{data.headline.absent}</dd>
              </div>
              <div>
                <dt>总分平均分</dt>
                <dd>{formatScore(data.headline.totalMean)}</dd>
              </div>
              <div>
                <dt>总分最高分</dt>
                <dd>{formatScore(data.headline.totalMax)}</dd>
              </div>
              <div>
                <dt>及格率</dt>
                <dd>{formatRate(data.headline.passRate)}</dd>
              </div>
              <div>
                <dt>优秀率</dt>
                <dd>{formatRate(data.headline.excellentRate)}</dd>
              </div>
            </Figures>
            <Grid>
              <Chart
                kind="bar"
                label="各班总分平均分"
                height={360}
                option={{
                  ...barOption(
                    data.classes.map((c) => c.className),
                    [{ name: '平均分', values: data.classes.map((c) => c.mean) }],
                  ),
                  ...dark,
                }}
              />
              <Chart
                kind="bar"
                label="各学科得分率、及格率、优秀率"
                height={360}
                option={{
                  ...barOption(
                    data.subjects.map((s) => s.subjectName),
                    [
                      { name: '得分率', values: data.subjects.map((s) => s.scoreRate) },
                      { name: '及格率', values: data.subjects.map((s) => s.passRate) },
                      { name: '优秀率', values: data.subjects.map((s) => s.excellentRate) },
                    ],
                    true,
                  ),
                  ...dark,
                }}
              />
            </Grid>
            <DataTable
              caption="班级排名"
              rowKey={(c) => c.classId}
              rows={[...data.classes].sort((a, b) => (a.meanRank ?? 1e9) - (b.meanRank ?? 1e9))}
              columns={[
                { title: '排名', cell: (c) => formatInt(c.meanRank), numeric: true },
                { title: '班级', cell: (c) => c.className },
                { title: '平均分', cell: (c) => formatScore(c.mean), numeric: true },
                { title: '超均率', cell: (c) => formatRate(c.aboveMeanRate), numeric: true },
                { title: '及格率', cell: (c) => formatRate(c.passRate), numeric: true },
              ]}
            />
          </>
        ) : tab === 'comment' ? (
          <>
            <Chart
              kind="bar"
              label="得分率最低的题目"
              height={360}
              option={{
                ...barOption(
                  data.hardestQuestions.map((q) => `${q.subjectName}${q.number}`),
                  [{ name: '得分率', values: data.hardestQuestions.map((q) => q.scoreRate) }],
                  true,
                ),
                ...dark,
              }}
            />
            <DataTable
              caption="得分率最低的题目"
              rowKey={(q) => q.questionId}
              rows={data.hardestQuestions}
              columns={[
                { title: '学科', cell: (q) => q.subjectName },
                { title: '题号', cell: (q) => q.number },
                { title: '得分率', cell: (q) => formatRate(q.scoreRate), numeric: true },
              ]}
            />
          </>
        ) : (
          <>
            {data.weakKnowledgePoints.length > 2 && (
              <Chart
                kind="radar"
                label="薄弱知识点得分率"
                height={400}
                option={{
                  ...radarOption(
                    data.weakKnowledgePoints.map((k) => `${k.subjectName}·${k.tag}`),
                    [{ name: '得分率', values: data.weakKnowledgePoints.map((k) => k.scoreRate) }],
                  ),
                  ...dark,
                }}
              />
            )}
            <DataTable
              caption="薄弱知识点"
              rowKey={(k, i) => `${k.subjectId}-${k.tag}-${i}`}
              rows={data.weakKnowledgePoints}
              columns={[
                { title: '学科', cell: (k) => k.subjectName },
                { title: '知识点', cell: (k) => k.tag },
                { title: '得分率', cell: (k) => formatRate(k.scoreRate), numeric: true },
              ]}
            />
          </>
        )}
      </div>
    </Screen>
  );
}

/** 大屏报告·基本情况 (a large-display view). */
export function ScreenBasicPage() {
  return <ScreenReport tab="basic" />;
}
/** 大屏报告·试卷讲评. */
export function ScreenCommentPage() {
  return <ScreenReport tab="comment" />;
}
/** 大屏报告·能力分析. */
export function ScreenAbilityPage() {
  return <ScreenReport tab="ability" />;
}

/** 快速讲评: subjects, top students and absentees of a finished exam. */
export function QuickReviewPage() {
  const context = useReportContext();
  const { examId } = context;
  const report = useReport(reportRoutes.quickReview, examId ? { examId } : null);
  const data = report.data;
  return (
    <ReportFrame
      title="快速讲评"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} page="quickReview" />}
    >
      {data && (
        <>
          <Chart
            kind="bar"
            label="各学科平均分与最高分"
            height={280}
            option={barOption(
              data.subjects.map((s) => s.subjectName),
              [
                { name: '平均分', values: data.subjects.map((s) => s.mean) },
                { name: '最高分', values: data.subjects.map((s) => s.max) },
              ],
            )}
          />
          <DataTable
            caption="各学科概况"
            rowKey={(s) => s.subjectId}
            rows={data.subjects}
            columns={[
              { title: '学科', cell: (s) => s.subjectName },
              { title: '满分', cell: (s) => formatScore(s.fullMarks), numeric: true },
              { title: '实考人数', cell: (s) => s.count, numeric: true },
              { title: '缺考', cell: (s) => s.absent, numeric: true },
              { title: '平均分', cell: (s) => formatScore(s.mean), numeric: true },
              { title: '最高分', cell: (s) => formatScore(s.max), numeric: true },
              { title: '最低分', cell: (s) => formatScore(s.min), numeric: true },
              { title: '及格率', cell: (s) => formatRate(s.passRate), numeric: true },
              { title: '优秀率', cell: (s) => formatRate(s.excellentRate), numeric: true },
            ]}
          />
          <DataTable
            caption="总分前列学生"
            rowKey={(r) => r.studentId}
            rows={data.top}
            columns={[
              { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
              { title: '姓名', cell: (r) => r.name },
              { title: '班级', cell: (r) => r.className },
              { title: '总分', cell: (r) => formatScore(r.score), numeric: true },
            ]}
          />
          <DataTable
            caption="缺考学生"
            rowKey={(r) => r.studentId}
            rows={data.absentees}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              { title: '班级', cell: (r) => r.className },
              { title: '缺考学科', cell: (r) => r.subjectNames.join('、') },
            ]}
          />
        </>
      )}
    </ReportFrame>
  );
}

/** 预警报告打印 (/print/{examId}/warningReport): students to watch, print-ready. */
export function WarningReportPrintPage() {
  const context = useReportContext();
  const { examId, exam } = context;
  const [search] = useSearchParams();
  const classId = Number(search.get('classId')) || 0;
  const report = useReport(
    reportRoutes.warningReport,
    examId ? { examId, ...(classId ? { classId } : {}) } : null,
  );
  const navigate = useNavigate();
  const data = report.data;
  const error = context.error ?? report.error;
  return (
    <ReportBox data-print aria-busy={report.loading}>
      {error ? (
        <ErrorBox role="alert">{error}</ErrorBox>
      ) : !data ? (
        <Meta role="status">{LOADING_TEXT}</Meta>
      ) : (
        <>
          <Toolbar data-noprint>
            <Select
              label="班级"
              value={classId}
              options={[
                { value: 0, label: '全部班级' },
                ...(exam?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              onChange={(e) =>
                navigate(
                  `/print/${examId}/warningReport${Number(e.target.value) ? `?classId=${e.target.value}` : ''}`,
                  { replace: true },
                )
              }
            />
            <Spacer />
            <ExportActions examId={examId} page="warningReport" classId={classId || undefined} />
          </Toolbar>
          <h1>{data.exam.name} · 预警报告</h1>
          <Meta>
            {data.exam.gradeName} · {data.exam.examDate} · 共 {data.students.length} 人
          </Meta>
          <DataTable
            caption="预警学生"
            rowKey={(s) => s.studentId}
            rows={data.students}
            columns={[
              { title: '姓名', cell: (s) => s.name },
              { title: '学号', cell: (s) => s.studentNo },
              { title: '班级', cell: (s) => s.className },
              { title: '总分', cell: (s) => formatScore(s.totalScore), numeric: true },
              { title: '年级排名', cell: (s) => formatInt(s.gradeRank), numeric: true },
              { title: '预警原因', wrap: true, cell: (s) => s.reasons.join('、') },
            ]}
          />
        </>
      )}
    </ReportBox>
  );
}
