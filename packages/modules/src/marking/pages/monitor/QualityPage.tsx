import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { jointPoolRoutes, markingRoutes, type DataOf } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { MonitorFrame, usePoolBlock } from '../../components/MonitorFrame';
import { ScoreDistribution } from '../../components/ScoreDistribution';
import { ErrorText, Table } from '../../components/styled';
import { useMarkingCall } from '../../hooks/useMarkingCall';
import { formatPercent, formatPoints } from '../../utils/scoring';

type Quality = DataOf<typeof markingRoutes.quality>;

/**
 * /exam/marking/data/quality/:id and data/spread/:id: each marker's mean, deviation, score
 * distribution, zero and full shares, disagreement, re-mark consistency and seed papers beside
 * the block's. With `?pool=1` a 统一阅卷 pool block's (markers named as the server answers).
 */
export function QualityPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const route = usePoolBlock() ? jointPoolRoutes.jointPoolMonitorQuality : markingRoutes.quality;
  const [data, setData] = useState<Quality | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void call(route, { blockId }, { quiet: true }).then((r) => {
      if (r.ok) setData(r.data);
      else setError(r.message);
    });
  }, [call, route, blockId]);
  return (
    <MonitorFrame title="阅卷质量" blockId={blockId}>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {!data ? (
        !error && <Empty text="正在加载…" />
      ) : (
        <Table aria-label="阅卷质量">
          <thead>
            <tr>
              <th>阅卷老师</th>
              <th>份数</th>
              <th>平均分</th>
              <th>标准差</th>
              <th>零分率</th>
              <th>满分率</th>
              <th>双评超差率</th>
              <th>复评一致率</th>
              <th>样本卷准确率</th>
              <th>给分分布</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">全题块</th>
              <td>{data.block.count}</td>
              <td>{formatPoints(data.block.mean)}</td>
              <td>{formatPoints(data.block.stdDev)}</td>
              <td>{formatPercent(data.block.zeroShare)}</td>
              <td>{formatPercent(data.block.fullShare)}</td>
              <td>—</td>
              <td>—</td>
              <td>—</td>
              <td>
                <ScoreDistribution dist={data.block.distribution} count={data.block.count} />
              </td>
            </tr>
            {data.markers.map((m) => (
              <tr key={m.userId}>
                <th scope="row">{m.name}</th>
                <td>{m.count}</td>
                <td>{m.count ? formatPoints(m.mean) : '—'}</td>
                <td>{m.count ? formatPoints(m.stdDev) : '—'}</td>
                <td>{m.count ? formatPercent(m.zeroShare) : '—'}</td>
                <td>{m.count ? formatPercent(m.fullShare) : '—'}</td>
                <td>
                  {formatPercent(m.disagreementRate)}
                  {m.pairs ? `（${m.pairs} 对）` : ''}
                </td>
                <td>
                  {formatPercent(m.recheckSameShare)}
                  {m.rechecks
                    ? `（${m.rechecks} 份，均差 ${formatPoints(m.recheckMeanDiff)}）`
                    : ''}
                </td>
                <td>
                  {formatPercent(m.seedExactShare)}
                  {m.seeds ? `（${m.seeds} 份，均误差 ${formatPoints(m.seedMeanError)}）` : ''}
                </td>
                <td>
                  <ScoreDistribution dist={m.distribution} count={m.count} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </MonitorFrame>
  );
}
