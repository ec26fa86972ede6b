import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  homeworkGroupRoutes,
  type HomeworkGroup,
  type HomeworkGroupReport,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuUser, fail, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { HW, bodiesOf, homeworkApi, summary, K } from '../test/fixtures';

const G = homeworkGroupRoutes;
const CODES = ['Home', 'Homework', 'Homework-SchoolBase', 'Homework-Group'];
const user = () => menuUser(CODES);

const group = (over: Partial<HomeworkGroup> = {}): HomeworkGroup => ({
  id: 3,
  name: '第三单元',
  gradeId: 4,
  gradeName: '四年级',
  subjectId: 2,
  subjectName: '数学',
  homeworkIds: [5, 6],
  creatorName: '李老师',
  mine: true,
  updatedAt: 0,
  ...over,
});

const report: HomeworkGroupReport = {
  group: group(),
  homeworks: [
    {
      id: 5,
      name: '分数加减练习',
      assigned: true,
      fullMarks: 20,
      expected: 40,
      submitted: 38,
      average: 16.5,
    },
    {
      id: 6,
      name: '第一单元',
      assigned: false,
      fullMarks: 20,
      expected: 0,
      submitted: 0,
      average: null,
    },
  ],
  students: [
    {
      studentNo: '2026041001',
      name: '张三',
      className: '四年级(1)班',
      expected: 1,
      submitted: 1,
      score: 15,
      fullMarks: 20,
      rate: 75,
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('作业分组', () => {
  it('opens from the menu, shows a group’s 汇总, and hides 编辑/删除 of others’ groups', async () => {
    const u = userEvent.setup();
    const api = homeworkApi({
      [K(G.groupList)]: ok([group(), group({ id: 4, name: '周练', mine: false })]),
      [K(G.groupReport)]: ok(report),
    });
    await renderApp({ path: '/home/index', api, user: user(), pages: homeworkPages });
    const menu = await screen.findByRole('navigation', { name: '主菜单' }, { timeout: 10_000 });
    await u.click(within(menu).getByRole('link', { name: /^作业/ }));
    await u.click(await screen.findByRole('link', { name: '作业分组' }));
    const table = await screen.findByRole('table', { name: '作业分组列表' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('第三单元四年级数学2李老师');
    expect(within(table).queryByRole('button', { name: '编辑 周练' })).toBeNull();
    expect(within(table).getByRole('button', { name: '编辑 第三单元' })).toBeInTheDocument();
    await u.click(within(table).getByRole('button', { name: '汇总 第三单元' }));
    expect(bodiesOf(api, K(G.groupReport))).toEqual([{ id: 3 }]);
    const students = await screen.findByRole('table', { name: '学生汇总' });
    expect(within(students).getAllByRole('row')[1]).toHaveTextContent(
      '2026041001张三四年级(1)班1/115/2075%',
    );
    expect(screen.getByRole('table', { name: '分组作业' })).toHaveTextContent('第一单元未布置');
  }, 30_000);

  it('makes a group from ticked homework of a grade × subject', async () => {
    const u = userEvent.setup();
    const api = homeworkApi({
      [K(G.groupList)]: ok([]),
      [HW.homeworkPage]: ok({
        list: [
          summary(),
          summary({ id: 6, name: '第一单元', state: 'assigned' }),
          summary({ id: 7, name: '未拆题', state: 'draft' }),
        ],
        total: 3,
        pageNum: 1,
        pageSize: 100,
      }),
      [K(G.groupSave)]: ok(group({ homeworkIds: [6] })),
      [K(G.groupReport)]: ok(report),
    });
    await renderApp({ path: '/homework/group', api, user: user(), pages: homeworkPages });
    await u.click(await screen.findByRole('button', { name: '新建分组' }, { timeout: 10_000 }));
    await u.click(screen.getByRole('button', { name: '保存分组' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写分组名称');
    await u.type(screen.getByRole('textbox', { name: /分组名称/ }), '第三单元');
    await u.selectOptions(screen.getByRole('combobox', { name: /年级科目/ }), '四年级数学');
    await u.click(await screen.findByRole('checkbox', { name: '第一单元（已布置）' }));
    // A homework still 待拆题 is not offered.
    expect(screen.queryByRole('checkbox', { name: /未拆题/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: '保存分组' }));
    expect(bodiesOf(api, K(G.groupSave))).toEqual([
      { id: null, name: '第三单元', gradeId: 4, subjectId: 2, homeworkIds: [6] },
    ]);
    expect(await screen.findByRole('table', { name: '学生汇总' })).toBeInTheDocument();
  }, 30_000);

  it('shows the server’s refusal in the form', async () => {
    const u = userEvent.setup();
    const api = homeworkApi({
      [K(G.groupList)]: ok([group()]),
      [K(G.groupSave)]: fail(400, '同名的作业分组已存在'),
    });
    await renderApp({ path: '/homework/group', api, user: user(), pages: homeworkPages });
    await u.click(
      await screen.findByRole('button', { name: '编辑 第三单元' }, { timeout: 10_000 }),
    );
    expect(screen.getByRole('textbox', { name: /分组名称/ })).toHaveValue('第三单元');
    await u.click(screen.getByRole('button', { name: '保存分组' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('同名的作业分组已存在');
    expect(bodiesOf(api, K(G.groupSave))[0]).toMatchObject({ id: 3, homeworkIds: [5, 6] });
  }, 30_000);
});
