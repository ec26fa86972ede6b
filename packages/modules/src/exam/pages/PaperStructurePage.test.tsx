import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, WEEKLY_PAPER, bodiesOf, examApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const open = (routes: Record<string, unknown> = {}) => {
  const api = examApi({
    [EXAM.questionsGet]: ok(WEEKLY_PAPER),
    [EXAM.questionsSave]: ok(WEEKLY_PAPER),
    ...routes,
  });
  return renderApp({ path: '/exam/single/question/21', api, user: demoUser(), pages: examPages });
};

describe('PaperStructurePage', () => {
  it('shows the stored questions and sub-questions with the paper total', async () => {
    await open();
    const table = await screen.findByRole('table', { name: '试卷结构' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByLabelText('第1题答案')).toHaveValue('A');
    expect(screen.getByLabelText('第3题部分得分')).toHaveValue('5');
    expect(screen.getByLabelText('第4题满分')).toHaveValue('80');
    expect(screen.getByLabelText('第4(2)题满分')).toHaveValue('50');
    expect(screen.getByLabelText('第1题知识点')).toHaveValue('集合');
    expect(screen.getByText('100', { selector: 'strong' })).toBeInTheDocument();
  });

  it('refuses a paper whose total differs from the full marks or whose key is invalid', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '添加题目' }));
    await user.clear(screen.getByLabelText('第1题答案'));
    await user.type(screen.getByLabelText('第1题答案'), 'E');
    await user.click(screen.getByRole('button', { name: '保存试卷结构' }));
    expect(screen.getByText('单选题答案须为 A-D 中的一个字母')).toBeInTheDocument();
    expect(screen.getByText('试卷总分 110 分与科目满分 100 分不一致')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.questionsSave)).toHaveLength(0);
  });

  it('edits by hand and saves the structure with sub-questions, tags and partial credit', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '删除第4题' }));
    await user.click(screen.getByRole('button', { name: '添加题目' }));
    // The new question 4 becomes a heading with two parts of 40.
    await user.click(screen.getByRole('button', { name: '第4题添加小题' }));
    await user.click(screen.getByRole('button', { name: '第4题添加小题' }));
    for (const part of ['(1)', '(2)']) {
      await user.clear(screen.getByLabelText(`第4${part}题满分`));
      await user.type(screen.getByLabelText(`第4${part}题满分`), '40');
    }
    await user.type(screen.getByLabelText('第4(1)题能力'), '运算、推理');
    expect(screen.getByLabelText('第4题满分')).toHaveValue('80');
    await user.click(screen.getByRole('button', { name: '保存试卷结构' }));
    await waitFor(() => expect(bodiesOf(api, EXAM.questionsSave)).toHaveLength(1));
    const [body] = bodiesOf(api, EXAM.questionsSave);
    expect(body!.examSubjectId).toBe(21);
    const questions = body!.questions as Record<string, unknown>[];
    expect(questions[2]).toMatchObject({
      number: '3',
      kind: 'multiple',
      answer: 'ABD',
      partialMarks: 5,
    });
    expect(questions[3]).toMatchObject({
      number: '4',
      fullMarks: 80,
      children: [
        { number: '(1)', kind: 'subjective', fullMarks: 40, abilities: ['运算', '推理'] },
        { number: '(2)', kind: 'subjective', fullMarks: 40 },
      ],
    });
    expect(await screen.findByText('试卷结构已保存')).toBeInTheDocument();
  });

  it('reads pasted spreadsheet rows through the server and shows the rows it refused', async () => {
    const { api } = await open({
      [EXAM.questionsParse]: (request: { data: unknown }) =>
        String(request.data).includes('多项')
          ? ok({ questions: [], errors: [{ row: 2, key: '1', message: '题型“多项”不存在' }] })
          : ok({
              questions: [
                { number: '1', kind: 'judge', fullMarks: 40, answer: 'T' },
                { number: '2', kind: 'fill', fullMarks: 60, knowledgePoints: ['函数'] },
              ],
              errors: [],
            }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('从表格导入（粘贴或上传模板）'));
    await user.type(screen.getByLabelText('粘贴表格内容'), '1\t\t多项\t5');
    await user.click(screen.getByRole('button', { name: '解析粘贴内容' }));
    const refused = await screen.findByRole('table', { name: /未读取任何题目明细/ });
    expect(refused).toHaveTextContent('第 2 行');
    expect(refused).toHaveTextContent('题型“多项”不存在');
    expect(screen.getAllByRole('row', { name: /第\d/ }).length).toBeGreaterThan(2);

    await user.clear(screen.getByLabelText('粘贴表格内容'));
    await user.type(screen.getByLabelText('粘贴表格内容'), '1\t\t判断\t40\t\tT');
    await user.click(screen.getByRole('button', { name: '解析粘贴内容' }));
    expect(await screen.findByText('已读取 2 道题，请检查后保存')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.questionsParse).at(-1)).toEqual({ text: '1\t\t判断\t40\t\tT' });
    expect(screen.getByLabelText('第1题题型')).toHaveValue('judge');
    expect(screen.getByLabelText('第2题知识点')).toHaveValue('函数');
    expect(screen.queryByLabelText('第3题题号')).not.toBeInTheDocument();
  });

  it('sends an uploaded .xlsx template as base64', async () => {
    const { api } = await open({
      [EXAM.questionsParse]: ok({
        questions: [{ number: '1', kind: 'subjective', fullMarks: 100 }],
        errors: [],
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('从表格导入（粘贴或上传模板）'));
    const file = new File([new Uint8Array([80, 75, 3, 4])], '试题.xlsx');
    await user.upload(screen.getByLabelText('上传试题模板文件'), file);
    expect(await screen.findByText('已读取 1 道题，请检查后保存')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.questionsParse)).toEqual([{ file: 'UEsDBA==' }]);
  });

  it('is read-only once the paper is locked', async () => {
    await open({ [EXAM.questionsGet]: ok({ ...WEEKLY_PAPER, paperEditable: false }) });
    expect(await screen.findByText('当前考试状态不能修改试卷结构，只能查看。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存试卷结构' })).toBeDisabled();
    expect(screen.getByLabelText('第1题答案')).toBeDisabled();
  });

  it("says so on a school's own exam in a joint exam: the organiser sets the paper", async () => {
    await open({
      [EXAM.questionsGet]: ok({
        ...WEEKLY_PAPER,
        paperEditable: false,
        answerKeyEditable: false,
        setByJoint: true,
      }),
    });
    expect(
      await screen.findByText(
        '本场考试是联考中本校的考试，试卷结构、答案和答题卡由联考组织方统一设置，这里只能查看。',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('当前考试状态不能修改试卷结构，只能查看。')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存试卷结构' })).toBeDisabled();
  });
});
