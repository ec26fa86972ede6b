import { useEffect, useState, type ComponentType } from 'react';
import { jointSnapshotRoutes, type JointReportStatus } from '@examkit/contracts';
import { useApiCall } from '../../../common/useApiCall';
import { useExamIdParam } from '../../hooks/useReportContext';

/** How often the page asks again while the snapshot is computed. @default 1000 */
export const SNAPSHOT_POLL_MS = 1000;

/**
 * Where the joint exam's report snapshot stands, asked again every {@link SNAPSHOT_POLL_MS} while
 * it is computed; null before the first answer, or when the call was refused (the page then shows
 * the report's own answer).
 */
function useJointSnapshot(jointExamId: number): JointReportStatus | 'open' | null {
  const call = useApiCall();
  const [status, setStatus] = useState<JointReportStatus | 'open' | null>(null);
  useEffect(() => {
    if (!(jointExamId > 0)) return setStatus('open');
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const r = await call(
        jointSnapshotRoutes.jointReportStatus,
        { jointExamId },
        { errorMessage: false, dedupe: false },
      );
      if (!live) return;
      if (!r.ok) return setStatus('open');
      setStatus(r.data.state === 'computing' ? r.data : 'open');
      if (r.data.state === 'computing') timer = setTimeout(() => void ask(), SNAPSHOT_POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [call, jointExamId]);
  return status;
}

/**
 * A joint report page that opens once the joint exam's snapshot is ready: while it is computed
 * in the background (a school's exam was just finished, or scores changed) the page shows the
 * job's progress (docs/joint-exams.md#snapshots).
 */
export function withJointSnapshot(Page: ComponentType): ComponentType {
  function Gated() {
    const status = useJointSnapshot(useExamIdParam());
    if (status === 'open') return <Page />;
    return (
      <section aria-labelledby="joint-snapshot-title" style={{ padding: 24 }}>
        <h1 id="joint-snapshot-title">联考报告</h1>
        {status === null ? (
          <p>正在读取联考报告…</p>
        ) : (
          <>
            <p role="status">
              联考报告正在后台计算：{status.stage}（{status.progress}%），完成后自动打开。
            </p>
            <progress aria-label="联考报告计算进度" max={100} value={status.progress} />
          </>
        )}
      </section>
    );
  }
  Gated.displayName = `WithJointSnapshot(${Page.displayName ?? Page.name})`;
  return Gated;
}
