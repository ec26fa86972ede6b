import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeworkCollateRoutes, permissionCatalogue, type CollateRow } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, homeworkApi } from '../test/fixtures';
import { missingText } from './CollatePage';

const CL = `POST ${homeworkCollateRoutes.collateList.url}`;
const userWith = (codes: string[]) =>
  demoUser({
    perms: permissionCatalogue.filter((p) => codes.includes(p.permCode)),
    allPerm: { '2026': { '1': codes } },
  });

const row = (over: Partial<CollateRow> = {}): CollateRow => ({
  homeworkId: 5,
  homeworkName: '分数加减练习',
  gradeName: '四年级',
  subjectName: '数学',
  classId: 41,
  className: '四年级(1)班',
  dueAt: null,
  overdue: true,
  expected: 40,
  submitted: 38,
  toCorrect: 3,
  corrected: 35,
  missing: [
    { studentNo: '2026041001', name: '张三' },
    { studentNo: '2026041002', name: '李四' },
  ],
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('作业批改 (collate)', () => {
  it('opens from the menu and lists each class’s hand-ins with 去批改, 扫描 and 报告', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({ [CL]: ok([row()]) });
    await renderApp({
      path: '/home/index',
      api,
      user: userWith(['Home', 'Homework', 'Homework-SchoolBase', 'Homework-Collate']),
      pages: homeworkPages,
    });
    const menu = await screen.findByRole('navigation', { name: '主菜单' }, { timeout: 10_000 });
    await user.click(within(menu).getByRole('link', { name: /^作业/ }));
    await user.click(await screen.findByRole('link', { name: '作业批改' }));
    const table = await screen.findByRole('table', { name: '作业整理' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '分数加减练习（四年级数学）四年级(1)班—（已截止）4038335张三、李四',
    );
    expect(
      within(table).getByRole('link', { name: '去批改：分数加减练习 四年级(1)班' }),
    ).toHaveAttribute('href', '/homework/correct?id=5');
    expect(bodiesOf(api, CL)).toEqual([{ show: 'open' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: '显示' }), '全部已布置作业');
    await vi.waitFor(() => expect(bodiesOf(api, CL).at(-1)).toEqual({ show: 'all' }));
  }, 30_000);

  it('hides the 校本作业 links from a user without 校本作业, and says when nothing is open', async () => {
    const api = homeworkApi({ [CL]: ok([row()]) });
    await renderApp({
      path: '/homework/collate',
      api,
      user: userWith(['Home', 'Homework', 'Homework-Collate']),
      pages: homeworkPages,
    });
    const table = await screen.findByRole('table', { name: '作业整理' }, { timeout: 10_000 });
    expect(within(table).queryByRole('link')).toBeNull();
  }, 30_000);

  it('shortens long lists of missing students', () => {
    expect(missingText([])).toBe('无');
    const many = Array.from({ length: 7 }, (_, i) => ({ studentNo: `${i}`, name: `学生${i}` }));
    expect(missingText(many)).toBe('学生0、学生1、学生2、学生3、学生4 等 7 人');
  });
});
