import { homeworkReportRoutes as r } from '@examkit/contracts';
import { styled } from 'styled-components';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox } from '../../common/styled';
import { formatPoints } from '../../marking/utils/scoring';
import { ReportHeader, useReportTarget } from './ReportHeader';
import { percent, useReport } from './useReport';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, auto 1fr);
  gap: 4px 12px;
  dt {
    color: #57606a;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Bar = styled.span<{ $w: number }>`
  display: inline-block;
  height: 10px;
  width: ${(p) => p.$w * 2}px;
  background: #0969da;
  margin-right: 8px;
`;

const points = (v: number | null) => (v === null ? '—' : formatPoints(v));

/**
 * 作业报告·基本情况 (/homework/school-base/{id}/report/basic): hand-in counts, the class's scores,
 * each class's average and each question's score rate and 对/错 counts, 知识点统计 (per knowledge
 * point of the questions, weakest first, as the server orders it), the score distribution.
 */
export function HomeworkReportBasicPage() {
  const { id, target, setTarget, body } = useReportTarget();
  const { data, error, loading } = useReport(r.reportBasic, body);
  const knowledge = useReport(r.knowledgeStatistics, body);
  const most = Math.max(1, ...(data?.distribution ?? []).map((d) => d.count));
  const labelOf = (no: number) => data?.questions.find((q) => q.no === no)?.label ?? String(no);
  return (
    <PageBox aria-busy={loading}>
      <ReportHeader
        id={id}
        name={data?.name ?? null}
        targets={data?.targets ?? []}
        target={target}
        onTarget={setTarget}
        error={error}
        loading={loading}
      />
      {data && (
        <>
          <Facts>
            <dt>应交</dt>
            <dd>{data.expected} 人</dd>
            <dt>已交</dt>
            <dd>{data.submitted} 人</dd>
            <dt>已批改</dt>
            <dd>{data.corrected} 人</dd>
            <dt>满分</dt>
            <dd>{formatPoints(data.fullMarks)} 分</dd>
            <dt>平均分</dt>
            <dd>{points(data.average)}</dd>
            <dt>最高分</dt>
            <dd>{points(data.highest)}</dd>
            <dt>最低分</dt>
            <dd>{points(data.lowest)}</dd>
            <dt>得分率</dt>
            <dd>{percent(data.scoreRate)}</dd>
          </Facts>
          <h2>班级情况</h2>
          <ListTable
            label="班级情况"
            rows={data.classes}
            headers={['班级', '应交', '已交', '已批改', '平均分', '得分率']}
          >
            {(c) => (
              <tr key={`${c.kind}-${c.id}`}>
                <td>{c.kind === 'class' ? c.name : `${c.name}（教学班）`}</td>
                <td>{c.expected}</td>
                <td>{c.submitted}</td>
                <td>{c.corrected}</td>
                <td>{points(c.average)}</td>
                <td>{percent(c.scoreRate)}</td>
              </tr>
            )}
          </ListTable>
          <h2>小题得分</h2>
          <ListTable
            label="小题得分"
            rows={data.questions}
            headers={['题号', '题型', '满分', '已批', '对', '错', '平均分', '得分率']}
          >
            {(q) => (
              <tr key={q.no}>
                <td>{q.label}</td>
                <td>{q.type === 'objective' ? `客观题（${q.answer ?? '—'}）` : '主观题'}</td>
                <td>{formatPoints(q.fullMarks)}</td>
                <td>{q.scored}</td>
                <td>{q.right}</td>
                <td>{q.wrong}</td>
                <td>{points(q.average)}</td>
                <td>{percent(q.scoreRate)}</td>
              </tr>
            )}
          </ListTable>
          <h2>知识点统计</h2>
          {knowledge.error && <p role="alert">{knowledge.error}</p>}
          {knowledge.data !== null && knowledge.data.untagged > 0 && (
            <Note>{knowledge.data.untagged} 道题未标注知识点，不计入知识点统计。</Note>
          )}
          <ListTable
            label="知识点统计"
            rows={knowledge.data?.points ?? null}
            headers={['知识点', '题号', '满分', '得分率', '错误人次']}
          >
            {(p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.questionNos.map(labelOf).join('、')}</td>
                <td>{formatPoints(p.fullMarks)}</td>
                <td>{percent(p.scoreRate)}</td>
                <td>{p.wrong}</td>
              </tr>
            )}
          </ListTable>
          <h2>分数分布</h2>
          <ListTable label="分数分布" rows={data.distribution} headers={['得分率', '人数']}>
            {(d) => (
              <tr key={d.label}>
                <td>{d.label}</td>
                <td>
                  <Bar $w={(d.count / most) * 100} aria-hidden="true" />
                  {d.count} 人
                </td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </PageBox>
  );
}
