import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const CELLS = [
  { gradeId: 10, gradeName: '高一', subjectId: 1, subjectName: '语文' },
  { gradeId: 10, gradeName: '高一', subjectId: 2, subjectName: '数学' },
  { gradeId: 11, gradeName: '高二', subjectId: 1, subjectName: '语文' },
];
const SETTINGS = CELLS.map((cell) => ({
  ...cell,
  enabled: true,
  deadlineTime: '22:00',
  allowLate: true,
  correctionMode: 'auto',
  saved: false,
}));

describe('HomeworkSettingsPage', () => {
  it('edits a grade × subject row and saves only the changed rows', async () => {
    const api = systemApi({
      [SYS.homeworkGet]: ok({ academicYear: 2026, rows: SETTINGS }),
      [SYS.homeworkSave]: ok({ changed: 1, unchanged: 0 }),
    });
    await renderApp({ path: '/system/homework', api, user: adminUser(), pages: systemPages });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '作业设置' });
    fireEvent.change(await screen.findByLabelText('高一数学 默认截止时间'), {
      target: { value: '21:30' },
    });
    await user.click(screen.getByLabelText('高一数学 允许迟交'));
    // 学生互评 and 通知家长 are gone (docs/administration.md "Homework settings").
    expect(
      within(screen.getByLabelText('高一数学 批改方式'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['自动批改', '教师批改']);
    expect(screen.queryByRole('columnheader', { name: '通知家长' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('高一数学 批改方式'), '教师批改');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.homeworkSave)).toEqual([
        {
          items: [
            {
              gradeId: 10,
              subjectId: 2,
              enabled: true,
              deadlineTime: '21:30',
              allowLate: false,
              correctionMode: 'teacher',
            },
          ],
        },
      ]),
    );
    expect(await screen.findByText('已保存 1 项')).toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    const api = systemApi({
      [SYS.homeworkGet]: ok({ academicYear: 2026, rows: SETTINGS }),
      [SYS.homeworkSave]: fail(403, '没有该操作的权限'),
    });
    await renderApp({ path: '/system/homework', api, user: adminUser(), pages: systemPages });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('高二语文 启用作业'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    const page = screen.getByRole('region', { name: '作业设置' });
    expect(await within(page).findByRole('alert')).toHaveTextContent('没有该操作的权限');
  });

  it('shows 暂无数据 when the school has no grades', async () => {
    const api = systemApi({ [SYS.homeworkGet]: ok({ academicYear: 2026, rows: [] }) });
    await renderApp({ path: '/system/homework', api, user: adminUser(), pages: systemPages });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('TextbookCorrelationPage', () => {
  const ROWS = CELLS.map((cell, i) => ({
    ...cell,
    edition: i === 0 ? '部编版' : null,
    volume: i === 0 ? '上册' : '',
  }));

  it('chooses an edition and a volume, clears another, and saves the changed rows', async () => {
    const api = systemApi({
      [SYS.correlationGet]: ok({ academicYear: 2026, rows: ROWS }),
      [SYS.correlationSave]: ok({ changed: 2, unchanged: 0 }),
    });
    await renderApp({
      path: '/system/homework/correlation',
      api,
      user: adminUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '教材关联' });
    const volume = await screen.findByLabelText('高一数学 册次');
    expect(volume).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('高一数学 教材版本'), '人教版');
    await user.type(volume, '必修一');
    await user.selectOptions(screen.getByLabelText('高一语文 教材版本'), '未设置');
    expect(screen.getByLabelText('高一语文 册次')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.correlationSave)).toEqual([
        {
          items: [
            { gradeId: 10, subjectId: 1, edition: null, volume: '' },
            { gradeId: 10, subjectId: 2, edition: '人教版', volume: '必修一' },
          ],
        },
      ]),
    );
  });

  it("shows the server's message on failure and 暂无数据 without grades", async () => {
    const api = systemApi({
      [SYS.correlationGet]: ok({ academicYear: 2026, rows: ROWS }),
      [SYS.correlationSave]: fail(404, '年级不存在'),
    });
    const view = await renderApp({
      path: '/system/homework/correlation',
      api,
      user: adminUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('高二语文 教材版本'), '北师大版');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const page = screen.getByRole('region', { name: '教材关联' });
    expect(await within(page).findByRole('alert')).toHaveTextContent('年级不存在');
    view.unmount();

    const empty = systemApi({ [SYS.correlationGet]: ok({ academicYear: 2026, rows: [] }) });
    await renderApp({
      path: '/system/homework/correlation',
      api: empty,
      user: adminUser(),
      pages: systemPages,
    });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
