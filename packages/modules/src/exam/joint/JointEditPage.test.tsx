import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fixtures';
import { bodiesOf, examApi } from '../test/fixtures';
import {
  JOINT,
  JOINT_PAPER_REPLY as PAPER_REPLY,
  jointExam as joint,
  openJointExam as open,
} from '../test/joint';

afterEach(() => vi.restoreAllMocks());

const SHEET = {
  examSubjectId: 21,
  examNumberLength: 8,
  saved: false,
  savedAt: null,
  editable: true,
  design: {
    paper: {
      subject: '数学',
      questions: [{ id: '1', number: '1', type: 'single', fullMarks: 5, optionCount: 4 }],
    },
    settings: { examNumCount: 8 },
    overrides: {},
  },
  template: null,
  identity: null,
};

/** Saves the structure once and returns the saved questions as [题号, 满分]. */
async function saveStructure(
  u: ReturnType<typeof userEvent.setup>,
  api: ReturnType<typeof examApi>,
) {
  await u.click(screen.getByRole('button', { name: '保存试卷结构' }));
  await waitFor(() => expect(bodiesOf(api, JOINT.structure)).toHaveLength(1));
  const [body] = bodiesOf(api, JOINT.structure);
  expect(body).toMatchObject({ jointExamId: 7, subjectCode: 'S12' });
  const questions = body!.questions as { number: string; fullMarks: number }[];
  return questions.map((q) => [q.number, q.fullMarks]);
}

describe('JointEditPage: one paper, answer key and answer sheet for every school', () => {
  it("edits the structure in the single exam's editor and saves it to the joint exam", async () => {
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(PAPER_REPLY),
      [JOINT.structure]: ok({ schools: 2 }),
    });
    await open(api);
    const u = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: '试题设置 · 十一月区联考 · 数学', level: 2 }),
    ).toBeInTheDocument();
    expect(bodiesOf(api, JOINT.paper)).toEqual([{ jointExamId: 7, subjectCode: 'S12' }]);
    // Nothing of a single exam: no link back to one school's exam.
    expect(screen.queryByRole('link', { name: '返回考试' })).not.toBeInTheDocument();
    const full = screen.getByLabelText('第2题满分');
    await u.clear(full);
    await u.type(full, '4');
    expect(await screen.findByText(/试卷总分/)).toHaveTextContent('试卷总分 99 分');
    const third = screen.getByLabelText('第3题满分');
    await u.clear(third);
    await u.type(third, '11');
    expect(await saveStructure(u, api)).toEqual([
      ['1', 5],
      ['2', 4],
      ['3', 11],
      ['4', 80],
    ]);
    // Read back after the save, for every school's copy is the same.
    await waitFor(() => expect(bodiesOf(api, JOINT.paper)).toHaveLength(2));
    expect(await screen.findByText('试卷结构已保存')).toBeInTheDocument();
  }, 30_000);

  it('imports the structure from an .xlsx file: a bad row is shown and nothing is saved; a good file is saved for every school', async () => {
    let parses = 0;
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(PAPER_REPLY),
      [JOINT.structure]: ok({ schools: 2 }),
      [JOINT.parse]: () =>
        ++parses === 1
          ? ok({
              questions: [],
              errors: [{ row: 3, key: '2', message: '题型“多项”无法识别' }],
            })
          : ok({
              questions: [
                { number: '1', kind: 'single', fullMarks: 40, optionCount: 4, answer: 'B' },
                { number: '2', kind: 'subjective', fullMarks: 60 },
              ],
              errors: [],
            }),
    });
    await open(api);
    const u = userEvent.setup();
    await u.click(await screen.findByText('从表格导入（粘贴或上传模板）'));
    const file = new File([new Uint8Array([80, 75, 3, 4])], '联考试题.xlsx');
    await u.upload(screen.getByLabelText('上传试题模板文件'), file);
    const refused = await screen.findByRole('table', { name: /未读取任何题目明细/ });
    expect(refused).toHaveTextContent('第 3 行');
    expect(refused).toHaveTextContent('题型“多项”无法识别');
    expect(bodiesOf(api, JOINT.parse)).toEqual([{ file: 'UEsDBA==' }]);
    expect(bodiesOf(api, JOINT.structure)).toHaveLength(0);
    // The structure on screen is still the saved one.
    expect(screen.getByLabelText('第4题满分')).toHaveValue('80');

    await u.upload(screen.getByLabelText('上传试题模板文件'), file);
    expect(await screen.findByText('已读取 2 道题，请检查后保存')).toBeInTheDocument();
    expect(screen.queryByLabelText('第3题题号')).not.toBeInTheDocument();
    expect(await saveStructure(u, api)).toEqual([
      ['1', 40],
      ['2', 60],
    ]);
    expect(await screen.findByText('试卷结构已保存')).toBeInTheDocument();
  }, 30_000);

  it('sets one answer key, and shows the refusal once a school scans', async () => {
    let saves = 0;
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(PAPER_REPLY),
      [JOINT.answers]: () =>
        ++saves === 1 ? ok(PAPER_REPLY) : fail(400, '第二中学已开始扫描，联考的答案不能再修改'),
    });
    await open(api);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '答案' }));
    expect(await screen.findByRole('button', { name: '答案' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const first = await screen.findByLabelText('第1题答案');
    await u.clear(first);
    await u.type(first, 'd');
    await u.click(screen.getByRole('button', { name: '保存答案' }));
    await waitFor(() => expect(bodiesOf(api, JOINT.answers)).toHaveLength(1));
    expect(bodiesOf(api, JOINT.answers)[0]).toEqual({
      jointExamId: 7,
      subjectCode: 'S12',
      answers: [
        { questionId: 1, answer: 'D' },
        { questionId: 2, answer: 'C' },
        { questionId: 3, answer: 'ABD', partialMarks: 5 },
      ],
    });
    await u.click(screen.getByRole('button', { name: '保存答案' }));
    expect(
      await screen.findByText('第二中学已开始扫描，联考的答案不能再修改', {
        selector: '[role=alert]',
      }),
    ).toBeInTheDocument();
  }, 30_000);

  it('designs one answer sheet: saved for every school, each downloading its own', async () => {
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(PAPER_REPLY),
      [JOINT.sheetGet]: ok(SHEET),
      [JOINT.sheetSave]: ok({ savedAt: Date.UTC(2026, 10, 21, 2, 0), pageCount: 1, schools: 2 }),
    });
    await open(api);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '答题卡' }));
    const section = await screen.findByRole('region', { name: '答题卡设计' });
    expect(
      screen.getByRole('heading', { name: '制作答题卡 · 数学', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载 PDF' })).not.toBeInTheDocument();
    expect(screen.getByText(/各校在本校考试的答题卡页面下载本校的 PDF/)).toBeInTheDocument();
    const title = within(section).getByRole('textbox', { name: '答题卡标题' });
    await u.clear(title);
    await u.type(title, '联考数学答题卡');
    await u.click(screen.getByRole('button', { name: '保存答题卡' }));
    await waitFor(() => expect(bodiesOf(api, JOINT.sheetSave)).toHaveLength(1));
    expect(bodiesOf(api, JOINT.sheetSave)[0]).toMatchObject({
      jointExamId: 7,
      subjectCode: 'S12',
      settings: { answerSheetTitle: '联考数学答题卡', examNumCount: 8 },
    });
    expect(await screen.findByText(/^已保存于/)).toBeInTheDocument();
  }, 30_000);

  it('a school taking part only sees no paper editors', async () => {
    const api = examApi({ [JOINT.detail]: ok(joint(false)), [JOINT.paper]: ok(PAPER_REPLY) });
    await open(api);
    expect(await screen.findByRole('table', { name: '参考学校' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '试卷、答案和答题卡' })).not.toBeInTheDocument();
    expect(bodiesOf(api, JOINT.paper)).toHaveLength(0);
  }, 30_000);
});
