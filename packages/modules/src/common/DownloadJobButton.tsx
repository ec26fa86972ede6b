import { useEffect, useRef, useState } from 'react';
import { DOWNLOAD_FILE_URL, downloadRoutes, type DataOf } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { DOWNLOAD_CENTRE_PATH } from './downloadCentrePath';
import type { CallOutcome } from './useApiCall';
import { useApiCall } from './useApiCall';
import { useDownload } from './useDownload';

type Job = DataOf<typeof downloadRoutes.downloadStatus>;

export interface DownloadJobButtonProps {
  /** The button's text, e.g. 导出全部成绩单PDF. */
  label: string;
  /** The button's accessible name where `label` repeats (a row's button). @default label */
  name?: string;
  /** Starts the export on the server (a call answering `{ jobId }`). */
  start(): Promise<CallOutcome<{ jobId: number }>>;
  /** Save the file as soon as it is ready, for exports that take seconds. @default false */
  saveWhenDone?: boolean;
  /** How often the page asks for progress, in ms. @default 1000 */
  pollMs?: number;
  size?: 'small' | 'medium';
}

/** Fetches a finished job's file through the session download route. */
export function useSaveJobFile() {
  const download = useDownload();
  return (job: Pick<Job, 'jobId' | 'fileName'>) =>
    download(DOWNLOAD_FILE_URL, job.fileName ?? '导出文件', { jobId: job.jobId });
}

/**
 * A long export run as a download-centre job: the button starts it, says where it is listed (a
 * link to the download centre, new tab), shows its progress while the page stays open, then
 * offers (or saves) the file. @see docs/downloads.md
 */
export function DownloadJobButton({
  label,
  name = label,
  start,
  saveWhenDone = false,
  pollMs = 1000,
  size,
}: DownloadJobButtonProps) {
  const call = useApiCall();
  const save = useSaveJobFile();
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = async (jobId: number) => {
    const outcome = await call(downloadRoutes.downloadStatus, { jobId });
    if (!outcome.ok) {
      if (!outcome.cancelled) setError(outcome.message);
      return;
    }
    setJob(outcome.data);
    const { state } = outcome.data;
    if (state === 'queued' || state === 'running')
      timer.current = setTimeout(() => void poll(jobId), pollMs);
    else if (state === 'failed') setError(outcome.data.message ?? '导出失败，请重试');
    else if (saveWhenDone) void save(outcome.data);
  };
  const begin = async () => {
    clearTimeout(timer.current);
    setError('');
    setJob(null);
    const outcome = await start();
    if (!outcome.ok) {
      if (!outcome.cancelled) setError(outcome.message);
      return;
    }
    void poll(outcome.data.jobId);
  };
  const busy = job?.state === 'queued' || job?.state === 'running';
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Button
        loading={busy}
        {...(size ? { size } : {})}
        {...(name !== label && { 'aria-label': name })}
        onClick={() => void begin()}
      >
        {label}
      </Button>
      {job && (
        // wide enough for the usual stages, so the buttons beside it do not move as it changes
        <span role="status" style={{ minWidth: '24em' }}>
          {busy && (
            <>
              <progress aria-label={`${name}进度`} max={100} value={job.progress} /> {job.stage}{' '}
              {job.progress}%，
            </>
          )}
          已加入
          <a href={DOWNLOAD_CENTRE_PATH} target="_blank" rel="noopener noreferrer">
            下载中心
          </a>
        </span>
      )}
      {job?.state === 'done' && !saveWhenDone && (
        <Button onClick={() => void save(job)}>下载 {job.fileName}</Button>
      )}
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
