import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { downloadRoutes } from '@examkit/contracts';
import { downloadJob, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, bodiesOf, examApi, toolUser } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

describe('AnswerSheetListPage', () => {
  it('lists the saved answer sheets of every exam with edit and download', async () => {
    await renderApp({
      path: '/exam/tool/answerSheet/list',
      api: examApi(),
      user: toolUser(),
      pages: examPages,
    });
    const table = await screen.findByRole('table', { name: '答题卡列表' });
    const rows = within(table).getAllByRole('row');
    // The 期中 has two saved sheets; the 周练's 数学 has none yet.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('2026学年第一学期高一期中考试语文');
    expect(
      within(table).getByRole('link', { name: '编辑 2026学年第一学期高一期中考试 数学 答题卡' }),
    ).toHaveAttribute('href', '/card/create?examSubjectId=12');
    expect(
      within(table).getByRole('button', {
        name: '下载 PDF：2026学年第一学期高一期中考试 数学 答题卡',
      }),
    ).toBeInTheDocument();
  });

  it("makes each student's pre-printed sheet as a download-centre job", async () => {
    const user = userEvent.setup();
    const api = examApi({
      [`POST ${downloadRoutes.downloadSheets.url}`]: ok({ jobId: 6 }),
      [`POST ${downloadRoutes.downloadStatus.url}`]: ok(
        downloadJob({ jobId: 6, kind: 'sheets', state: 'queued', stage: '排队中' }),
      ),
    });
    await renderApp({
      path: '/exam/tool/answerSheet/list',
      api,
      user: toolUser(),
      pages: examPages,
    });
    const table = await screen.findByRole('table', { name: '答题卡列表' });
    await user.click(
      within(table).getByRole('button', { name: '考生答题卡：2026学年第一学期高一期中考试 数学' }),
    );
    expect(
      await screen.findByRole('progressbar', {
        name: '考生答题卡：2026学年第一学期高一期中考试 数学进度',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/排队中 0%/)).toBeInTheDocument();
    expect(bodiesOf(api, `POST ${downloadRoutes.downloadSheets.url}`)).toEqual([
      { examSubjectId: 12 },
    ]);
  });

  it('shows 暂无数据 without saved sheets', async () => {
    await renderApp({
      path: '/exam/tool/answerSheet/list',
      api: examApi({ [EXAM.list]: ok({ list: [], total: 0, pageNum: 1, pageSize: 100 }) }),
      user: toolUser(),
      pages: examPages,
    });
    expect(await screen.findByText('暂无已保存的答题卡')).toBeInTheDocument();
  });

  it('lists the built answer sheets on /exam/tool instead of 功能建设中', async () => {
    await renderApp({ path: '/exam/tool', api: examApi(), user: toolUser(), pages: examPages });
    expect(await screen.findByRole('heading', { name: '考试工具' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '答题卡列表' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('功能建设中')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '制作答题卡' })).toHaveAttribute(
      'href',
      '/card/create',
    );
  });
});
