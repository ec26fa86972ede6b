import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp } from '../../test/fixtures';
import { EXAM, MIDTERM, bodiesOf } from '../../exam/test/fixtures';
import { scanPages } from '../index';
import { SCAN, SCANNING_WEEKLY, hubApi } from '../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

const open = (api: ReturnType<typeof hubApi>) =>
  renderApp({ path: '/exam/single/up_charm', api, user: demoUser(), pages: scanPages });

/** The cells of a subject's row in an exam's group, as a user reads them. */
async function rowOf(examName: string, subjectName: string) {
  const group = await screen.findByRole('rowgroup', { name: examName });
  return within(group).getByRole('row', { name: new RegExp(`^${subjectName}`) });
}
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('ScanHubPage', () => {
  it('lists the exams from 答题卡已就绪 onward with each subject’s scan counts', async () => {
    const api = hubApi();
    await open(api);
    expect(await screen.findByRole('heading', { name: '答题卡上传' })).toBeVisible();
    const math = await rowOf(SCANNING_WEEKLY.name, '数学');
    await waitFor(() => expect(cellsOf(math).slice(0, 4)).toEqual(['已保存', '5', '2 / 3', '2']));
    const chinese = await rowOf(MIDTERM.name, '语文');
    await waitFor(() =>
      expect(cellsOf(chinese).slice(0, 4)).toEqual(['已保存', '270', '268 / 270', '0']),
    );
    expect(
      within(screen.getByRole('rowgroup', { name: SCANNING_WEEKLY.name })).getByText('扫描中'),
    ).toBeVisible();
    // The newest exam date first: the 周练 (11-18) above the 期中 (11-05).
    const groups = screen.getAllByRole('rowgroup').map((g) => g.getAttribute('aria-label'));
    expect(groups.filter(Boolean)).toEqual([SCANNING_WEEKLY.name, MIDTERM.name]);
    expect(screen.queryByText('草稿考试')).toBeNull();
    expect(bodiesOf(api, EXAM.list).map((b) => b.state)).toEqual([
      'sheet_ready',
      'scanning',
      'marking',
      'finished',
      'published',
    ]);
    expect(
      bodiesOf(api, SCAN.overview)
        .map((b) => b.examId)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('leads into the scan page of a subject by keyboard', async () => {
    const { router } = await open(hubApi());
    const user = userEvent.setup();
    const link = await screen.findByRole('link', {
      name: `上传答题卡 ${SCANNING_WEEKLY.name} 数学`,
    });
    expect(link).toHaveAttribute('href', '/exam/single/scanpaper/21');
    while (document.activeElement !== link) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/single/scanpaper/21'));
    expect(await screen.findByRole('heading', { name: /扫描试卷 · .*周练 数学/ })).toBeVisible();
  });

  it('disables the upload of a subject without a saved sheet and says why', async () => {
    await open(hubApi());
    const physics = await rowOf(SCANNING_WEEKLY.name, '物理');
    expect(cellsOf(physics)[0]).toBe('未设计');
    const button = within(physics).getByRole('button', {
      name: `上传答题卡 ${SCANNING_WEEKLY.name} 物理`,
    });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('未保存答题卡，请先制作答题卡');
    expect(within(physics).queryByRole('link', { name: /^上传答题卡/ })).toBeNull();
    expect(
      within(physics).getByRole('link', { name: `制作答题卡 ${SCANNING_WEEKLY.name} 物理` }),
    ).toHaveAttribute('href', '/exam/single/create_answer_sheet?examSubjectId=22');
  });

  it('shows — where an exam’s counts could not be read', async () => {
    await open(
      hubApi({
        [SCAN.overview]: (request: { data: unknown }) =>
          (JSON.parse(String(request.data)) as { examId: number }).examId === MIDTERM.id
            ? fail(403, '超出数据范围：不是您所在年级的考试')
            : ok({ subjects: [] }),
      }),
    );
    const chinese = await rowOf(MIDTERM.name, '语文');
    await waitFor(() => expect(cellsOf(chinese).slice(1, 4)).toEqual(['—', '—', '—']));
  });

  it('shows 暂无数据 when no exam has reached 答题卡已就绪', async () => {
    await open(hubApi({ [EXAM.list]: ok({ list: [], total: 0, pageNum: 1, pageSize: 100 }) }));
    expect(await screen.findByText('暂无数据')).toBeVisible();
  });
});
