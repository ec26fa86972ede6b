import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadRoutes, homeworkDownloadRoutes } from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadJob, ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { HW, bodiesOf, homeworkApi, summary } from '../test/fixtures';

const SJ = `POST ${homeworkDownloadRoutes.scoresJob.url}`;
const ST = `POST ${downloadRoutes.downloadStatus.url}`;

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
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
});
