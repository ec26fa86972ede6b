import { useCallback, useEffect, useRef, useState } from 'react';
import { DOWNLOAD_RETENTION_DAYS, downloadRoutes, type DataOf } from '@examkit/contracts';
import { formatDate } from '@examkit/core';
import { Button, Empty } from '@examkit/ui';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useSaveJobFile } from '../common/DownloadJobButton';
import { Pager } from '../common/Pager';
import { Actions, Note, PageBox, Table } from '../common/styled';
import { useApiCall } from '../common/useApiCall';

type Job = DataOf<typeof downloadRoutes.downloadStatus>;

const PAGE_SIZE = 20;
/** How often the list is read again while a job is under way, in ms. */
export const DOWNLOAD_POLL_MS = 1500;

const STATE_TEXT: Record<Job['state'], string> = {
  queued: '排队中',
  running: '导出中',
  done: '已完成',
  failed: '导出失败',
};

function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const at = (ms: number | null) => formatDate(ms, 'YYYY-MM-DD HH:mm');

/**
 * 下载中心: the caller's background exports with their progress (read again every 1.5 s while one
 * is under way), each file downloadable until it expires, and deletable.
 */
export function DownloadCentrePage() {
  const call = useApiCall();
  const save = useSaveJobFile();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DataOf<typeof downloadRoutes.downloadList> | null>(null);
  const [removing, setRemoving] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    const outcome = await call(downloadRoutes.downloadList, { pageNum: page, pageSize: PAGE_SIZE });
    if (!outcome.ok) return;
    setData(outcome.data);
    if (outcome.data.list.some((j) => j.state === 'queued' || j.state === 'running'))
      timer.current = setTimeout(() => void load(), DOWNLOAD_POLL_MS);
  }, [call, page]);
  useEffect(() => {
    void load();
    return () => clearTimeout(timer.current);
  }, [load]);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const outcome = await call(downloadRoutes.downloadDelete, { jobId: removing.jobId });
    setBusy(false);
    if (!outcome.ok) return;
    setRemoving(null);
    void load();
  };

  return (
    <PageBox>
      <h1>下载中心</h1>
      <Note>
        成绩单、报告、原始成绩、答题卡扫描图像和考生答题卡等较大的导出在后台生成，生成后保留{' '}
        {DOWNLOAD_RETENTION_DAYS} 天，过期自动删除。
      </Note>
      {data === null ? null : data.list.length === 0 ? (
        <Empty text="暂无导出文件" />
      ) : (
        <>
          <Table aria-label="导出文件列表">
            <thead>
              <tr>
                <th scope="col">导出内容</th>
                <th scope="col">状态</th>
                <th scope="col">进度</th>
                <th scope="col">文件大小</th>
                <th scope="col">创建时间</th>
                <th scope="col">过期时间</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((job) => (
                <tr key={job.jobId}>
                  <td>{job.title}</td>
                  <td>{STATE_TEXT[job.state]}</td>
                  <td>
                    {job.state === 'queued' || job.state === 'running' ? (
                      <>
                        <progress aria-label={`${job.title}进度`} max={100} value={job.progress} />{' '}
                        {job.progress}% {job.stage}
                      </>
                    ) : job.state === 'failed' ? (
                      (job.message ?? '导出失败，请重试')
                    ) : (
                      '100%'
                    )}
                  </td>
                  <td>{sizeText(job.size)}</td>
                  <td>{at(job.createdAt)}</td>
                  <td>{at(job.expiresAt)}</td>
                  <td>
                    <Actions>
                      {job.state === 'done' && (
                        <Button
                          size="small"
                          type="link"
                          aria-label={`下载 ${job.fileName ?? job.title}`}
                          onClick={() => void save(job)}
                        >
                          下载
                        </Button>
                      )}
                      <Button
                        size="small"
                        type="link"
                        aria-label={`删除 ${job.title}`}
                        onClick={() => setRemoving(job)}
                      >
                        删除
                      </Button>
                    </Actions>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除导出文件"
        confirmLabel="确定删除"
        loading={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除“{removing?.title}”吗？删除后需重新导出。
      </ConfirmDialog>
    </PageBox>
  );
}
