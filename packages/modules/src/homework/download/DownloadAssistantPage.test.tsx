import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadRoutes, homeworkDownloadRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadJob, fail, ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { HW, bodiesOf, homeworkApi, summary } from '../test/fixtures';

const SJ = `POST ${homeworkDownloadRoutes.scoresJob.url}`;
const ST = `POST ${downloadRoutes.downloadStatus.url}`;
const SCANS = `POST ${homeworkDownloadRoutes.scansJob.url}`;
const SHEETS = `POST ${homeworkDownloadRoutes.sheetsJob.url}`;

afterEach(() => vi.restoreAllMocks());

describe('下载助手', () => {
  it('opens from 校本作业, lists assigned homework and starts the 成绩单 job', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [HW.homeworkPage]: ok({
        list: [summary({ state: 'assigned', targets: ['四年级(1)班'] })],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      }),
      [SJ]: ok({ jobId: 3 }),
      [ST]: ok(downloadJob({ jobId: 3, state: 'done', progress: 100, fileName: '成绩单.xlsx' })),
    });
    await renderApp({
      path: '/homework/school-base',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    await user.click(await screen.findByRole('link', { name: '下载助手' }));
    const table = await screen.findByRole('table', { name: '可导出的作业' });
    expect(bodiesOf(api, HW.homeworkPage).at(-1)).toEqual({
      pageNum: 1,
      pageSize: 20,
      state: 'assigned',
    });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '分数加减练习四年级数学四年级(1)班',
    );
    await user.click(within(table).getByRole('button', { name: '导出成绩单：分数加减练习' }));
    expect(bodiesOf(api, SJ)).toEqual([{ id: 5 }]);
    await vi.waitFor(() => expect(bodiesOf(api, ST)).toEqual([{ jobId: 3 }]));
    expect(within(table).getByRole('link', { name: '查看答题卡：分数加减练习' })).toHaveAttribute(
      'href',
      '/homework/viewPdf?id=5&file=sheet',
    );
    expect(screen.getByRole('link', { name: '打开下载中心' })).toHaveAttribute(
      'href',
      '/new-home-download/index',
    );
  }, 30_000);

  it('exports a homework’s scans, and the answer sheets of the homework ticked, as jobs', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [HW.homeworkPage]: ok({
        list: [
          summary({ state: 'assigned', targets: ['四年级(1)班'] }),
          summary({ id: 6, name: '小数乘法练习', state: 'assigned', targets: ['四年级(1)班'] }),
        ],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      }),
      [SCANS]: fail(404, '这份作业还没有可导出的扫描答题卡'),
      [SHEETS]: ok({ jobId: 8 }),
      [ST]: ok(
        downloadJob({
          jobId: 8,
          kind: 'sheets',
          state: 'running',
          progress: 50,
          stage: '正在生成答题卡 1/2',
        }),
      ),
    });
    await renderApp({
      path: '/homework/download-assistant',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    const table = await screen.findByRole('table', { name: '可导出的作业' });
    // A homework without scans: the server's reason, no job.
    await user.click(within(table).getByRole('button', { name: '导出扫描答题卡：分数加减练习' }));
    expect(bodiesOf(api, SCANS)).toEqual([{ id: 5 }]);
    expect(await within(table).findByRole('alert')).toHaveTextContent(
      '这份作业还没有可导出的扫描答题卡',
    );
    // Nothing ticked: no 导出所选答题卡 button, only how to use it.
    expect(screen.queryByRole('button', { name: /导出所选答题卡/ })).toBeNull();
    await user.click(within(table).getByRole('checkbox', { name: '选择：分数加减练习' }));
    await user.click(within(table).getByRole('checkbox', { name: '选择：小数乘法练习' }));
    expect(screen.getByText('已选 2 份：分数加减练习、小数乘法练习')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '导出所选答题卡（2）' }));
    expect(bodiesOf(api, SHEETS)).toEqual([{ ids: [5, 6] }]);
    expect(
      await screen.findByRole('progressbar', { name: '导出所选答题卡（2）进度' }),
    ).toHaveAttribute('value', '50');
    await user.click(screen.getByRole('button', { name: '清空选择' }));
    expect(within(table).getByRole('checkbox', { name: '选择：分数加减练习' })).not.toBeChecked();
  }, 30_000);
});
