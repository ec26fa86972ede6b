import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ASSISTANT_FREQUENCY_EXPORT_URL,
  homeworkAssistantRoutes,
  type AssistantSummaryRow,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXlsxDownload, menuUser, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, frequencyRow, homeworkApi, K } from '../test/fixtures';

const A = homeworkAssistantRoutes;
const CODES = ['Home', 'Homework', 'Homework-Analysis'];
const analyst = () => menuUser(CODES);

afterEach(() => vi.restoreAllMocks());

const OPTIONS = [
  { gradeId: 4, gradeName: '四年级', subjectId: 2, subjectName: '数学' },
  { gradeId: 4, gradeName: '四年级', subjectId: 1, subjectName: '语文' },
];
const summaryRow: AssistantSummaryRow = {
  homeworkId: 5,
  homeworkName: '分数加减练习',
  source: 'paper',
  classId: 41,
  className: '四年级(1)班',
  assignedAt: new Date(2026, 10, 20, 18, 0).getTime(),
  expected: 40,
  submitted: 38,
  corrected: 30,
  fullMarks: 20,
  average: 16.5,
  submitRate: 95,
};

describe('作业分析', () => {
  it('opens on 作业汇总 from the 作业分析 menu entry, per homework and class; the filter asks again', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(A.assistantOptions)]: ok(OPTIONS),
      [K(A.assistantSummary)]: ok([summaryRow]),
    });
    await renderApp({ path: '/home/index', api, user: analyst(), pages: homeworkPages });
    // 作业 in the main menu opens its first entry the user holds: 作业分析.
    const menu = await screen.findByRole('navigation', { name: '主菜单' }, { timeout: 10_000 });
    await user.click(within(menu).getByRole('link', { name: /^作业/ }));
    const table = await screen.findByRole('table', { name: '作业汇总' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '分数加减练习上传试卷四年级(1)班2026-11-20 18:00403895%302016.5',
    );
    expect(bodiesOf(api, K(A.assistantSummary))).toEqual([
      { gradeId: 4, subjectId: 2, period: '30' },
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '语文');
    await user.selectOptions(screen.getByRole('combobox', { name: '时间范围' }), '最近 7 天');
    expect(bodiesOf(api, K(A.assistantSummary)).at(-1)).toEqual({
      gradeId: 4,
      subjectId: 1,
      period: '7',
    });
  }, 30_000);

  it('lists 高频错题 most wrong first and exports them', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(A.assistantOptions)]: ok(OPTIONS),
      [K(A.assistantFrequency)]: ok([frequencyRow('分数加减练习')]),
    });
    await renderApp({
      path: '/homework/teaching-assistant/frequency',
      api,
      user: analyst(),
      pages: homeworkPages,
    });
    const table = await screen.findByRole('table', { name: '高频错题' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '分数加减练习2客观题5381950%2.5C',
    );
    const fetchMock = mockXlsxDownload();
    await user.click(screen.getByRole('button', { name: '导出高频错题' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `${ASSISTANT_FREQUENCY_EXPORT_URL}?gradeId=4&subjectId=2&period=30`,
    );
  }, 30_000);

  it('says so when the user has no grade × subject to analyse', async () => {
    const api = homeworkApi({ [K(A.assistantOptions)]: ok([]) });
    await renderApp({
      path: '/homework/teaching-assistant/summary',
      api,
      user: analyst(),
      pages: homeworkPages,
    });
    expect(
      await screen.findByText('您的任教范围内没有可分析的年级和科目。', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(bodiesOf(api, K(A.assistantSummary))).toEqual([]);
  }, 30_000);
});
