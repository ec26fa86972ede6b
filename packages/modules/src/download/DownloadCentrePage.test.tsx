import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRoutes } from '@examkit/contracts';
import {
  createFakeApi,
  demoUser,
  downloadJob,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../test/fixtures';
import { doneJob, key, mockJobFile } from '../report/test/fixtures';
import { downloadPages } from './index';

afterEach(() => vi.restoreAllMocks());

const TITLE = '期中-全年级成绩单（Excel）';
const running = (progress: number, stage: string) =>
  downloadJob({ jobId: 9, title: TITLE, progress, stage });
const page = (...list: unknown[]) => ok({ list, total: list.length, pageNum: 1, pageSize: 20 });

describe('下载中心', () => {
  it('lists the jobs, updates the progress until done, downloads and deletes', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const fetched = mockJobFile('期中-全年级成绩单.xlsx');
    const finished = {
      ...doneJob('期中-全年级成绩单.xlsx', 9),
      title: '期中-全年级成绩单（Excel）',
    };
    const replies = [page(running(20, '正在生成成绩单 8/40')), page(finished)];
    let reads = 0;
    let deleted = false;
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(downloadRoutes.downloadList)]: () =>
        deleted ? page() : replies[Math.min(reads++, replies.length - 1)],
      [key(downloadRoutes.downloadDelete)]: () => {
        deleted = true;
        return ok(null);
      },
    });
    await renderApp({
      path: '/new-home-download/index',
      api,
      user: demoUser(),
      pages: downloadPages,
    });
    const table = await screen.findByRole('table', { name: '导出文件列表' });
    expect(await screen.findByRole('heading', { name: '下载中心' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('期中-全年级成绩单（Excel）');
    expect(row).toHaveTextContent('导出中');
    expect(row).toHaveTextContent('20% 正在生成成绩单 8/40');
    expect(
      within(row).getByRole('progressbar', { name: '期中-全年级成绩单（Excel）进度' }),
    ).toHaveAttribute('value', '20');
    // read again while the job runs: done, with its file
    const download = await within(table).findByRole(
      'button',
      { name: '下载 期中-全年级成绩单.xlsx' },
      { timeout: 4000 },
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('已完成');
    await user.click(download);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('期中-全年级成绩单.xlsx');
    expect(String(fetched.mock.calls[0]![0])).toBe('/marking-download/job/file?jobId=9');

    await user.click(
      within(table).getByRole('button', { name: '删除 期中-全年级成绩单（Excel）' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '删除导出文件' });
    await user.click(within(dialog).getByRole('button', { name: '确定删除' }));
    expect(await screen.findByText('暂无导出文件')).toBeInTheDocument();
    expect(api.lastBody(downloadRoutes.downloadDelete.url)).toEqual({ jobId: 9 });
  });

  it('shows why a job failed, and says how long files are kept', async () => {
    const failed = {
      ...running(40, '导出失败'),
      state: 'failed',
      message: '服务器重启，导出已中断，请重新导出',
    };
    await renderApp({
      path: '/new-home-download/index',
      api: createFakeApi({ ...SCHOOL_ROUTES, [key(downloadRoutes.downloadList)]: page(failed) }),
      user: demoUser(),
      pages: downloadPages,
    });
    const table = await screen.findByRole('table', { name: '导出文件列表' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('导出失败');
    expect(row).toHaveTextContent('服务器重启，导出已中断，请重新导出');
    expect(within(row).queryByRole('button', { name: /^下载/ })).not.toBeInTheDocument();
    expect(screen.getByText(/保留\s*7\s*天，过期自动删除/)).toBeInTheDocument();
  });
});
