import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { STUDENTS, SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const CLASSES = [
  {
    id: 101,
    name: '高一(1)班',
    gradeId: 10,
    gradeName: '高一',
    headTeacherId: 3,
    headTeacherName: '陈班主任',
    studentCount: 25,
  },
  {
    id: 103,
    name: '高一(3)班',
    gradeId: 10,
    gradeName: '高一',
    headTeacherId: null,
    headTeacherName: null,
    studentCount: 0,
  },
];
const SUBJECTS = ok([
  { id: 1, name: '语文', code: 'YW' },
  { id: 2, name: '数学', code: 'SX' },
]);

const open = (path: string, routes: Record<string, unknown>) => {
  const api = systemApi({ [SYS.subjects]: SUBJECTS, ...routes });
  return renderApp({ path, api, user: adminUser(), pages: systemPages }).then((v) => ({
    ...v,
    api,
  }));
};

describe('ClassPage', () => {
  it('lists classes and teaching classes, and refuses a class without a name', async () => {
    const { api } = await open('/system/class', {
      [SYS.queryClass]: ok(CLASSES),
      [SYS.teachClasses]: ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
      [SYS.addClass]: fail(400, '班级名称已存在'),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: '班级列表' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('高一(1)班陈班主任25');
    expect(within(rows[1]!).getByRole('button', { name: '删除 高一(1)班' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: '删除 高一(3)班' })).toBeEnabled();
    expect(screen.getByText('暂无数据')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增班级' }));
    const dialog = await screen.findByRole('dialog', { name: '新增班级' });
    await user.selectOptions(within(dialog).getByLabelText('年级'), '高一');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请输入班级名称');
    expect(bodiesOf(api, SYS.addClass)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('班级名称'), '高一(1)班');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('班级名称已存在'),
    );
    expect(bodiesOf(api, SYS.addClass)).toEqual([{ gradeId: 10, name: '高一(1)班' }]);
  });

  it('adds a teaching class of a grade and subject', async () => {
    const { api } = await open('/system/class', {
      [SYS.queryClass]: ok(CLASSES),
      [SYS.teachClasses]: ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
      [SYS.teachClassAdd]: ok({ id: 7 }),
    });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: '班级列表' });
    await user.click(screen.getByRole('button', { name: '新增教学班' }));
    const dialog = await screen.findByRole('dialog', { name: '新增教学班' });
    await user.selectOptions(within(dialog).getByLabelText('年级'), '高一');
    await user.selectOptions(within(dialog).getByLabelText('学科'), '数学');
    await user.type(within(dialog).getByLabelText('名称'), '数学A班');
    await user.selectOptions(within(dialog).getByLabelText('任课教师'), '孙老师（teacher）');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.teachClassAdd)).toEqual([
        { gradeId: 10, subjectId: 2, name: '数学A班', teacherId: 4 },
      ]),
    );
  });
});

describe('AssignedClassPage', () => {
  it("replaces a teacher's classes and subjects of this year", async () => {
    const { api } = await open('/system/assignedClass', { [SYS.saveTeachClass]: ok(null) });
    const user = userEvent.setup();
    await waitFor(() => expect(bodiesOf(api, SYS.listTeacher).length).toBeGreaterThan(0));
    await user.selectOptions(await screen.findByLabelText('教师'), '孙老师（teacher）');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.selectOptions(screen.getByLabelText('班级'), '高一(2)班');
    await user.selectOptions(screen.getByLabelText('学科'), '数学');
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByRole('table', { name: '任教班级' })).toHaveTextContent(
      '高一高一(2)班数学',
    );
    await user.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该班级的这门学科已在列表中');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.saveTeachClass)).toEqual([
        { id: 4, assignments: [{ classId: 102, subjectId: 2 }] },
      ]),
    );
  });
});

describe('ElectivePage', () => {
  it('sets one combination for the chosen students after checking it', async () => {
    const { api } = await open('/system/student/xgk', {
      [SYS.electiveStudents]: ok({
        list: STUDENTS.slice(0, 3),
        total: 3,
        pageNum: 1,
        pageSize: 50,
      }),
      [SYS.setElective]: ok({ count: 2 }),
    });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '高一' });
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await screen.findByRole('table', { name: '选科学生' });
    expect(bodiesOf(api, SYS.electiveStudents).at(-1)).toEqual({
      pageNum: 1,
      pageSize: 50,
      gradeId: 10,
    });
    await user.click(screen.getByRole('checkbox', { name: '选择 张一' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 学生2' }));
    await user.selectOptions(screen.getByLabelText('首选科目'), '化学');
    await user.selectOptions(screen.getByLabelText('再选科目一'), '生物');
    await user.selectOptions(screen.getByLabelText('再选科目二'), '地理');
    await user.click(screen.getByRole('button', { name: '保存选科' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('3+1+2 的首选科目须为物理或历史');
    expect(bodiesOf(api, SYS.setElective)).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('首选科目'), '物理');
    await user.click(screen.getByRole('button', { name: '保存选科' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.setElective)).toEqual([
        { studentIds: [1, 2], comboType: '3+1+2', subjects: ['物理', '生物', '地理'] },
      ]),
    );
  });
});
