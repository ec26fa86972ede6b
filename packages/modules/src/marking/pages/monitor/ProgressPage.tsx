import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { jointPoolRoutes, markingRoutes, type DataOf } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { MonitorFrame, usePoolBlock } from '../../components/MonitorFrame';
import { Bar, ErrorText, Note, Table } from '../../components/styled';
import { useMarkingCall } from '../../hooks/useMarkingCall';
import { formatPercent, formatPoints, formatTime } from '../../utils/scoring';

type Progress = DataOf<typeof markingRoutes.progress>;

/** How often progress is asked again. */
export const PROGRESS_POLL_MS = 5000;

/**
 * /exam/marking/readMonitor/:id, data/progress/:id, data/monitor/:id: progress of the block
 * and of each marker (marked, remaining, speed, estimated finish), asked again every few seconds.
 * With `?pool=1` a 统一阅卷 pool block's, its markers named by the server (with their school for
 * the organiser; other schools' as 外校阅卷老师 for a school's manager).
 */
export function ProgressPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const route = usePoolBlock() ? jointPoolRoutes.jointPoolMonitorProgress : markingRoutes.progress;
  const [data, setData] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const load = useCallback(async () => {
    const r = await call(route, { blockId }, { quiet: true, dedupe: false });
    if (r.ok) {
      setData(r.data);
      setError(null);
      setUpdatedAt(Date.now());
    } else setError(r.message);
  }, [call, route, blockId]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  const p = data?.papers;
  return (
    <MonitorFrame title="阅卷进度" blockId={blockId}>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {!data ? (
        <Empty text="正在加载…" />
      ) : (
        <>
          <section aria-label="题块进度">
            <Table aria-label="题块进度">
              <tbody>
                <tr>
                  <th>试卷</th>
                  <td>
                    <Bar $ratio={p!.total ? p!.done / p!.total : 0} />
                    已完成 <strong data-testid="papers-done">{p!.done}</strong> / {p!.total}（
                    {formatPercent(p!.total ? p!.done / p!.total : 0)}）
                  </td>
                  <th>评阅中</th>
                  <td>{p!.marking}</td>
                  <th>待仲裁</th>
                  <td>{p!.arbitration}</td>
                  <th>问题卷</th>
                  <td>{p!.problem}</td>
                </tr>
                <tr>
                  <th>已评次数</th>
                  <td data-testid="marks-done">{data.doneMarks}</td>
                  <th>剩余次数</th>
                  <td>{data.remainingMarks}</td>
                  <th>速度</th>
                  <td>{formatPoints(data.speedPerHour)} 份/小时</td>
                  <th>预计完成</th>
                  <td>{formatTime(data.estimatedFinishAt)}</td>
                </tr>
              </tbody>
            </Table>
            <Note role="status">
              每 {PROGRESS_POLL_MS / 1000} 秒自动刷新
              {updatedAt ? `，更新于 ${formatTime(updatedAt)}` : ''}
            </Note>
          </section>
          <h2>阅卷老师进度</h2>
          <Table aria-label="阅卷老师进度">
            <thead>
              <tr>
                <th>阅卷老师</th>
                <th>已评</th>
                <th>领取中</th>
                <th>任务量</th>
                <th>剩余</th>
                <th>近一小时</th>
                <th>速度（份/小时）</th>
                <th>预计完成</th>
              </tr>
            </thead>
            <tbody>
              {data.markers.map((m) => (
                <tr key={m.userId}>
                  <td>{m.name}</td>
                  <td>{m.marked}</td>
                  <td>{m.leased}</td>
                  <td>{m.quota ?? '—'}</td>
                  <td>{m.remaining ?? '—'}</td>
                  <td>{m.lastHour}</td>
                  <td>{formatPoints(m.speedPerHour)}</td>
                  <td>{formatTime(m.estimatedFinishAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </MonitorFrame>
  );
}
