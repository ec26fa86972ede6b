import { useEffect, useRef, useState } from 'react';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { useReportCall } from '../hooks/useReportCall';
import { saveBase64File } from '../utils/saveBase64File';
import type { ExportPage } from './ExportActions';

type Status = DataOf<typeof reportRoutes.exportJobStatus>;

export interface ExportJobButtonProps {
  examId: number;
  page: ExportPage;
  /** The button's text, e.g. 导出全部成绩单PDF. */
  label: string;
  format?: 'pdf' | 'xlsx';
  /** How often the page asks for progress, in ms. @default 1000 */
  pollMs?: number;
}

/**
 * A long export (a whole grade's transcripts) run by the server in the background: the page polls
 * its progress and then offers the file.
 */
export function ExportJobButton({
  examId,
  page,
  label,
  format = 'pdf',
  pollMs = 1000,
}: ExportJobButtonProps) {
  const call = useReportCall();
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = async (jobId: number) => {
    const outcome = await call(reportRoutes.exportJobStatus, { jobId });
    if (!outcome.ok) {
      if (!outcome.cancelled) setError(outcome.message);
      return;
    }
    setStatus(outcome.data);
    if (outcome.data.state === 'running')
      timer.current = setTimeout(() => void poll(jobId), pollMs);
    else if (outcome.data.state === 'failed') setError(outcome.data.message ?? '导出失败，请重试');
  };
  const start = async () => {
    setError('');
    setStatus(null);
    const outcome = await call(reportRoutes.exportJobStart, { examId, page, format });
    if (!outcome.ok) {
      if (!outcome.cancelled) setError(outcome.message);
      return;
    }
    setStatus({
      jobId: outcome.data.jobId,
      state: 'running',
      done: 0,
      total: 0,
      fileName: null,
      message: null,
    });
    void poll(outcome.data.jobId);
  };
  const download = async (jobId: number) => {
    const outcome = await call(reportRoutes.exportJobFile, { jobId });
    if (outcome.ok) saveBase64File(outcome.data);
    else if (!outcome.cancelled) setError(outcome.message);
  };
  const running = status?.state === 'running';
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Button loading={running} onClick={() => void start()}>
        {label}
      </Button>
      {running && (
        <span role="status">
          <progress aria-label={`${label}进度`} max={status.total || 1} value={status.done} />{' '}
          正在导出 {status.done}/{status.total || '…'}
        </span>
      )}
      {status?.state === 'done' && (
        <Button onClick={() => void download(status.jobId)}>下载 {status.fileName}</Button>
      )}
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
