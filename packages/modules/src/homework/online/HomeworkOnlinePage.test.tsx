import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  homeworkOnlineRoutes,
  type OnlineHomeworkResult,
  type StudentHomework,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const ENTER = `POST ${homeworkOnlineRoutes.onlineEnter.url}`;
const SUBMIT = `POST ${homeworkOnlineRoutes.onlineSubmit.url}`;
const PAPER = `POST ${homeworkOnlineRoutes.onlinePaper.url}`;

const homework = (overrides: Partial<StudentHomework> = {}): StudentHomework => ({
  ticket: 'ticket-0123456789abcdef',
  name: '函数练习',
  subjectName: '数学',
  studentName: '王小明',
  className: '高一(1)班',
  dueAt: Date.now() + 3_600_000,
  lateUntil: null,
  source: 'paper',
  questions: [
    {
      no: 1,
      label: '1',
      type: 'objective',
      fullMarks: 5,
      choice: 'single',
      optionCount: 4,
      stem: null,
      options: [],
    },
    {
      no: 2,
      label: '2',
      type: 'objective',
      fullMarks: 5,
      choice: 'multiple',
      optionCount: 4,
      stem: null,
      options: [],
    },
    {
      no: 3,
      label: '3',
      type: 'subjective',
      fullMarks: 10,
      choice: null,
      optionCount: 0,
      stem: null,
      options: [],
    },
  ],
  submission: null,
  ...overrides,
});

const result = (overrides: Partial<OnlineHomeworkResult> = {}): OnlineHomeworkResult => ({
  submittedAt: Date.now(),
  status: 'submitted',
  objectiveScore: 7.5,
  objectiveFull: 10,
  pendingMarks: 10,
  answers: [
    { questionNo: 1, answer: 'A', photo: false },
    { questionNo: 2, answer: 'B', photo: false },
    { questionNo: 3, answer: 'x=2', photo: true },
  ],
  late: false,
  replaceable: true,
  ...overrides,
});

async function enterAs(api: ReturnType<typeof createFakeApi>) {
  await renderApp({ path: '/homework-online', api, pages: homeworkPages });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('作业码'), 'abcd2345');
  await user.type(screen.getByLabelText('学号'), '2026100101');
  await user.click(screen.getByRole('button', { name: '进入作业' }));
  return user;
}

describe('HomeworkOnlinePage', () => {
  it('enters by 作业码 and 学号, answers with options, text and a photo, and hands in', async () => {
    const api = createFakeApi({
      [ENTER]: ok(homework()),
      [SUBMIT]: ok(result()),
      [PAPER]: ok({
        fileName: '函数练习.pdf',
        contentType: 'application/pdf',
        contentBase64: 'JVBERg==',
      }),
    });
    const user = await enterAs(api);
    expect(await screen.findByRole('heading', { name: '函数练习 · 数学' })).toBeInTheDocument();
    expect(bodiesOf(api, ENTER)).toEqual([{ code: 'abcd2345', studentNo: '2026100101' }]);

    await user.click(screen.getByRole('button', { name: '查看作业原卷' }));
    expect(await screen.findByRole('link', { name: '打开作业原卷' })).toHaveAttribute(
      'href',
      'data:application/pdf;base64,JVBERg==',
    );

    await user.click(
      within(screen.getByRole('group', { name: '第 1 题' })).getByRole('radio', { name: 'A' }),
    );
    const second = within(screen.getByRole('group', { name: '第 2 题' }));
    await user.click(second.getByRole('checkbox', { name: 'D' }));
    await user.click(second.getByRole('checkbox', { name: 'B' }));
    await user.type(screen.getByLabelText('第 3 题解答'), 'x=2');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '草稿.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText(/第 3 题照片/), photo);
    expect(await screen.findByText('已选择照片：草稿.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交作业' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认提交' });
    await user.click(within(dialog).getByRole('button', { name: '确定提交' }));
    expect(await screen.findByRole('heading', { name: '作业已提交' })).toBeInTheDocument();
    expect(screen.getByText('客观题得分：7.5 / 10')).toBeInTheDocument();
    expect(screen.getByText('其余 10 分等待老师批改。')).toBeInTheDocument();
    expect(bodiesOf(api, SUBMIT)).toEqual([
      {
        ticket: 'ticket-0123456789abcdef',
        answers: [
          { questionNo: 1, answer: 'A' },
          { questionNo: 2, answer: 'BD' },
          { questionNo: 3, answer: 'x=2', photoBase64: 'iVBORw==' },
        ],
      },
    ]);
  }, 20_000);

  it('hands in again before correction, replacing the answers', async () => {
    const api = createFakeApi({
      [ENTER]: ok(homework({ submission: result() })),
      [SUBMIT]: ok(
        result({ objectiveScore: 5, answers: [{ questionNo: 1, answer: 'C', photo: false }] }),
      ),
    });
    const user = await enterAs(api);
    expect(await screen.findByRole('heading', { name: '作业已提交' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '修改后重新提交' }));
    expect(
      within(screen.getByRole('group', { name: '第 1 题' })).getByRole('radio', { name: 'A' }),
    ).toBeChecked();
    expect(screen.getByText(/上次提交附有照片/)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: '第 1 题' })).getByRole('radio', { name: 'C' }),
    );
    await user.click(screen.getByRole('button', { name: '提交作业' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认提交' });
    expect(within(dialog).getByText(/重新提交会替换上次提交的答案/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定提交' }));
    expect(await screen.findByText('客观题得分：5 / 10')).toBeInTheDocument();
    expect(bodiesOf(api, SUBMIT)[0]!.answers).toEqual([
      { questionNo: 1, answer: 'C' },
      { questionNo: 2, answer: 'B' },
      { questionNo: 3, answer: 'x=2' },
    ]);
  }, 20_000);

  it('批改方式: an all-objective hand-in says it waits for the teacher only while 待批改', async () => {
    const whole = { pendingMarks: 0, objectiveScore: 10, objectiveFull: 10 };
    // 教师批改: scored from the key, still 待批改.
    await enterAs(createFakeApi({ [ENTER]: ok(homework({ submission: result(whole) })) }));
    expect(await screen.findByText('客观题得分：10 / 10')).toBeInTheDocument();
    expect(screen.getByText('得分待老师确认批改。')).toBeInTheDocument();
    cleanup();
    // 自动批改: 已批改 at once, nothing waits.
    await enterAs(
      createFakeApi({
        [ENTER]: ok(homework({ submission: result({ ...whole, status: 'finished' }) })),
      }),
    );
    expect(await screen.findByText('客观题得分：10 / 10')).toBeInTheDocument();
    expect(screen.queryByText('得分待老师确认批改。')).toBeNull();
  }, 20_000);

  it('says why a hand-in or an entry is refused', async () => {
    const late = '已过截止时间（2026/11/27 08:00:00），不能再提交作业';
    const api = createFakeApi({ [ENTER]: ok(homework()), [SUBMIT]: fail(400, late) });
    const user = await enterAs(api);
    await user.click(
      within(await screen.findByRole('group', { name: '第 1 题' })).getByRole('radio', {
        name: 'B',
      }),
    );
    await user.click(screen.getByRole('button', { name: '提交作业' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '确认提交' })).getByRole('button', {
        name: '确定提交',
      }),
    );
    await waitFor(() => expect(screen.getAllByText(late).length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: '作业已提交' })).toBeNull();
  }, 20_000);

  it('refuses a photo too large for the hand-in', async () => {
    const api = createFakeApi({ [ENTER]: ok(homework()) });
    const user = await enterAs(api);
    const big = new File([new Uint8Array(800 * 1024)], '大照片.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText(/第 3 题照片/), big);
    expect(await screen.findByText('照片太大（最大 700 KB），请缩小后再上传')).toBeInTheDocument();
    expect(screen.queryByText(/已选择照片/)).toBeNull();
  }, 20_000);

  it('shows a past due homework without a form, and an entry refused', async () => {
    const api = createFakeApi({ [ENTER]: ok(homework({ dueAt: Date.now() - 60_000 })) });
    await enterAs(api);
    expect(
      await screen.findByText(/已过截止时间.*本科目作业不允许迟交，不能再提交作业/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交作业' })).toBeNull();

    const refused = '作业码或学号不正确（只有布置了这份作业的班级的学生可以进入）';
    const api2 = createFakeApi({ [ENTER]: fail(404, refused) });
    await enterAs(api2);
    await waitFor(() => expect(screen.getAllByText(refused).length).toBeGreaterThan(0));
  }, 20_000);

  it('允许迟交: the same homework a minute past due keeps its form and the hand-in shows 迟交', async () => {
    const dueAt = Date.now() - 60_000;
    const api = createFakeApi({
      [ENTER]: ok(homework({ dueAt, lateUntil: dueAt + 3 * 86_400_000 })),
      [SUBMIT]: ok(result({ late: true })),
    });
    const user = await enterAs(api);
    expect(await screen.findByText(/允许迟交至：/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('已过截止时间，现在提交将记为迟交。');
    expect(screen.queryByText(/不能再提交作业/)).toBeNull();
    await user.click(
      within(screen.getByRole('group', { name: '第 1 题' })).getByRole('radio', { name: 'A' }),
    );
    await user.click(screen.getByRole('button', { name: '提交作业' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '确认提交' })).getByRole('button', {
        name: '确定提交',
      }),
    );
    await screen.findByRole('heading', { name: '作业已提交' });
    expect(screen.getByText(/提交时间：.*（迟交）/)).toBeInTheDocument();
  }, 20_000);
});
