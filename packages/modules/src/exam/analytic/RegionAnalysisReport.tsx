import { useEffect, useState } from 'react';
import { regionAnalyticRoutes, type DataOf } from '@examkit/contracts';
import { FormField, Select } from '@examkit/ui';
import { styled } from 'styled-components';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { ListTable } from '../../common/ListTable';
import { useApiCall } from '../../common/useApiCall';
import { Chart } from '../../report/components/Chart';
import { lineOption } from '../../report/components/charts';
import { ErrorText, Note } from '../components/styled';

type Report = DataOf<typeof regionAnalyticRoutes.regionAnalyticReport>;
type Point = Report['subjects'][number]['schools'][number]['points'][number];
const fixed = (v: number | null | undefined, digits = 1) => (v == null ? '—' : v.toFixed(digits));

/** One school's figures in one exam: 均分（第n名，百分位%）, or why there are none. */
function pointText(p: Point, exam: Report['exams'][number], fullMarks: number | null | undefined) {
  if (exam.status.state !== 'ready') return '报告未就绪';
  if (fullMarks == null) return '无此科';
  if (!p) return '未参加';
  return `${fixed(p.mean, 2)}（第${p.rank ?? '—'}名，${fixed(p.percentile)}%）`;
}

/** The 科目 picker at its natural width, not the page's. */
const Picker = styled.div`
  width: max-content;
  min-width: 160px;
`;

const STATES: Record<Report['exams'][number]['status']['state'], string> = {
  waiting: '等待各校完成阅卷',
  computing: '正在计算',
  ready: '已完成',
  failed: '计算失败',
};

/**
 * A region analysis (区域分析): each joint exam with its report's status, and for the total or a
 * chosen subject every school's mean, rank and percentile rank per exam, as a chart and a table
 * (docs/analytic-centre.md#region).
 */
export function RegionAnalysisReport({ analysisId }: { analysisId: number }) {
  const call = useApiCall();
  const [data, setData] = useState<Report | null>(null);
  const [error, setError] = useState('');
  const [subject, setSubject] = useState('总分');
  useEffect(() => {
    setData(null);
    setError('');
    void call(regionAnalyticRoutes.regionAnalyticReport, { analysisId }).then((r) => {
      if (r.ok) setData(r.data);
      else setError(r.message);
    });
  }, [call, analysisId]);
  if (error) return <ErrorText role="alert">{error}</ErrorText>;
  if (!data) return null;
  const names = data.exams.map((e) => `${e.name}（${e.examDate}）`);
  const series = data.subjects.find((s) => s.name === subject) ?? data.subjects[0];
  return (
    <section aria-labelledby="region-analysis-title">
      <h3 id="region-analysis-title">{data.analysis.name}</h3>
      <DownloadJobButton
        label="导出Excel"
        saveWhenDone
        start={() => call(regionAnalyticRoutes.regionAnalyticExport, { analysisId })}
      />
      <ListTable
        label="联考概况"
        rows={data.exams}
        headers={['联考', '日期', '报告状态', '总分平均分']}
      >
        {(e) => (
          <tr key={e.id}>
            <td>{e.name}</td>
            <td>{e.examDate}</td>
            <td>
              {STATES[e.status.state]}
              {e.status.state === 'ready' ? '' : `：${e.status.message ?? e.status.stage}`}
            </td>
            <td>{fixed(e.mean, 2)}</td>
          </tr>
        )}
      </ListTable>
      {series ? (
        <>
          <Picker>
            <FormField label="科目">
              <Select
                value={series.name}
                options={data.subjects.map((s) => ({ value: s.name, label: s.name }))}
                onChange={(e) => setSubject(e.target.value)}
              />
            </FormField>
          </Picker>
          <Chart
            kind="line"
            label={`各校${series.name}均分趋势图`}
            option={lineOption(
              names,
              series.schools.map((s) => ({ name: s.name, values: s.points.map((p) => p?.mean) })),
            )}
          />
          <Note>每场联考显示：均分（在本区域学校中的名次，百分位%）。</Note>
          <ListTable
            label={`各校${series.name}趋势`}
            rows={series.schools}
            headers={['学校', ...names]}
            empty="暂无学校成绩"
          >
            {(s) => (
              <tr key={s.schoolId}>
                <td>{s.name}</td>
                {s.points.map((p, e) => (
                  <td key={data.exams[e]!.id}>
                    {pointText(p, data.exams[e]!, series.fullMarks[e])}
                  </td>
                ))}
              </tr>
            )}
          </ListTable>
        </>
      ) : null}
    </section>
  );
}
