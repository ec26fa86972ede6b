import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, bodiesOf, examApi, weeklyDetail } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const open = (api = examApi(), path = '/exam/single/create') =>
  renderApp({ path, api, user: demoUser(), pages: examPages });

describe('ExamFormPage', () => {
  it('checks the form before sending anything', async () => {
    const api = examApi();
    await open(api);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('考试日期'));
    await user.click(screen.getByRole('button', { name: '创建' }));
    expect(screen.getByText('请输入考试名称')).toBeInTheDocument();
    expect(screen.getByText('请选择考试类型')).toBeInTheDocument();
    expect(screen.getByText('请选择年级')).toBeInTheDocument();
    expect(screen.getByText('请选择考试日期')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个科目')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个参考班级')).toBeInTheDocument();
    expect(screen.getByLabelText('考试名称')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(api, EXAM.create)).toHaveLength(0);
  });

  it('creates a draft with subjects, full marks, 选考 and classes, then opens it', async () => {
    const api = examApi({ [EXAM.create]: ok(weeklyDetail()), [EXAM.detail]: ok(weeklyDetail()) });
    const { router } = await open(api);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('考试名称'), '高一数学周练');
    await user.selectOptions(screen.getByLabelText('考试类型'), '周练');
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.clear(screen.getByLabelText('考试日期'));
    await user.type(screen.getByLabelText('考试日期'), '2026-11-25');
    await user.click(screen.getByRole('checkbox', { name: '数学' }));
    await user.click(screen.getByRole('checkbox', { name: '英语' }));
    await user.clear(screen.getByLabelText('数学满分'));
    await user.type(screen.getByLabelText('数学满分'), '0');
    await user.click(screen.getByRole('checkbox', { name: '高一(2)班' }));
    await user.click(screen.getByRole('button', { name: '创建' }));
    expect(screen.getByText('每个科目的满分须为 0 到 1000 之间的数')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.create)).toHaveLength(0);

    await user.clear(screen.getByLabelText('数学满分'));
    await user.type(screen.getByLabelText('数学满分'), '120');
    await user.click(screen.getByRole('checkbox', { name: '英语为选考科目' }));
    // A 选考 subject opens the participants, seeded with each student's own choice.
    const students = await screen.findByRole('table', { name: '考生' });
    expect(within(students).getByRole('checkbox', { name: '王三选考英语' })).toBeChecked();
    expect(within(students).getByRole('checkbox', { name: '赵四选考英语' })).not.toBeChecked();
    await user.click(within(students).getByRole('checkbox', { name: '赵四参加考试' }));
    expect(within(students).getByRole('checkbox', { name: '赵四选考英语' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(bodiesOf(api, EXAM.create)).toEqual([
        {
          name: '高一数学周练',
          examType: '周练',
          gradeId: 10,
          examDate: '2026-11-25',
          subjects: [
            { subjectCode: 'S12', subjectName: '数学', fullMarks: 120, elective: false },
            { subjectCode: 'S13', subjectName: '英语', fullMarks: 100, elective: true },
          ],
          classIds: [102],
          studentIds: [3],
          electives: [{ studentId: 3, subjectCodes: ['S13'] }],
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/single/edit/2'));
  });

  it('lets the user leave students out and refuses an exam without any', async () => {
    const api = examApi();
    await open(api);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '高一' });
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.click(await screen.findByRole('checkbox', { name: '高一(1)班' }));
    await user.click(screen.getByRole('button', { name: '调整考生与选考' }));
    const students = await screen.findByRole('table', { name: '考生' });
    expect(screen.getByText('已选 2 / 2 名考生')).toBeInTheDocument();
    await user.click(within(students).getByRole('checkbox', { name: '全部考生参加' }));
    expect(screen.getByText('已选 0 / 2 名考生')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '创建' }));
    expect(screen.getByText('请至少选择一名考生')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.create)).toHaveLength(0);
  });

  it('shows the server message when the exam is refused', async () => {
    const api = examApi({
      [EXAM.detail]: ok(weeklyDetail()),
      [EXAM.update]: fail(400, '考试已开始扫描，不能修改科目、班级和考生'),
    });
    await open(api, '/exam/single/edit/2');
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('2026学年高一数学第十二周周练')).toBe(
      screen.getByLabelText('考试名称'),
    );
    await user.click(screen.getByRole('button', { name: '保存' }));
    const form = screen.getByRole('form', { name: '考试信息' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '考试已开始扫描，不能修改科目、班级和考生',
    );
    expect(bodiesOf(api, EXAM.update)[0]).toMatchObject({ id: 2, classIds: [101] });
  });

  it('shows the state and moves the exam along an allowed transition', async () => {
    const api = examApi({
      [EXAM.detail]: ok(weeklyDetail()),
      [EXAM.transition]: ok({
        ...weeklyDetail(),
        state: 'finished',
        allowedTransitions: ['published', 'marking'],
      }),
    });
    await open(api, '/exam/single/edit/2');
    const user = userEvent.setup();
    const bar = await screen.findByRole('group', { name: '考试状态' });
    expect(bar).toHaveTextContent('草稿');
    await user.click(screen.getByRole('button', { name: '完成考试' }));
    await waitFor(() =>
      expect(bodiesOf(api, EXAM.transition)).toEqual([{ id: 2, to: 'finished' }]),
    );
    expect(await screen.findByRole('button', { name: '发布报告' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新阅卷' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '数学试题设置' })).toHaveAttribute(
      'href',
      '/exam/single/question/21',
    );
  });

  it('asks before 发布报告 and publishes only after 确定发布', async () => {
    const finished = { ...weeklyDetail(), state: 'finished', allowedTransitions: ['published'] };
    const api = examApi({
      [EXAM.detail]: ok(finished),
      [EXAM.transition]: ok({ ...finished, state: 'published', allowedTransitions: ['finished'] }),
    });
    await open(api, '/exam/single/edit/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '发布报告' }));
    const dialog = screen.getByRole('alertdialog', { name: '发布报告' });
    expect(dialog).toHaveTextContent('发布后，班主任和任课教师即可查看本班的成绩和报告');
    expect(bodiesOf(api, EXAM.transition)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(bodiesOf(api, EXAM.transition)).toEqual([]);
    await user.click(screen.getByRole('button', { name: '发布报告' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: '发布报告' })).getByRole('button', {
        name: '确定发布',
      }),
    );
    await waitFor(() =>
      expect(bodiesOf(api, EXAM.transition)).toEqual([{ id: 2, to: 'published' }]),
    );
    expect(await screen.findByRole('button', { name: '撤回报告' })).toBeInTheDocument();
  });
});
