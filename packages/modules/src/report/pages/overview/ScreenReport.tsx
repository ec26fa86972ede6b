import { useNavigate, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { reportRoutes } from '@examkit/contracts';
import { LOADING_TEXT } from '@examkit/ui';
import { Chart } from '../../components/Chart';
import { barOption, radarOption } from '../../components/charts';
import { DataTable } from '../../components/DataTable';
import { ReportTabs } from '../../components/ReportTabs';
import { ErrorBox, Figures, Grid, Meta, ReportBox } from '../../components/styled';
import { useReport } from '../../hooks/useReport';
import { formatInt, formatRate, formatScore } from '../../utils/format';
import { Figure } from '../../../common/Figure';

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

/** 大屏报告 (a large-display view) on one tab; the tabs switch by route. */
export function ScreenReport({ tab }: { tab: ScreenTab }) {
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
              <Figure term="参考人数">{data.headline.studentCount}</Figure>
              <Figure term="实考人数">{data.headline.present}</Figure>
              <Figure term="缺考人数">{data.headline.absent}</Figure>
              <Figure term="总分平均分">{formatScore(data.headline.totalMean)}</Figure>
              <Figure term="总分最高分">{formatScore(data.headline.totalMax)}</Figure>
              <Figure term="及格率">{formatRate(data.headline.passRate)}</Figure>
              <Figure term="优秀率">{formatRate(data.headline.excellentRate)}</Figure>
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
