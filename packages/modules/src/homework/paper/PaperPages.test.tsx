import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HOMEWORK_PAPER_URL,
  HOMEWORK_SHEET_URL,
  homeworkPaperRoutes,
  type PaperRecord,
} from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import {
  assignedDetail,
  HW,
  POINT_NODES,
  POINT_SAVE,
  POINT_TREE,
  bodiesOf,
  detail,
  homeworkApi,
} from '../test/fixtures';
import { sizeText } from './PaperPages';

const PR = `POST ${homeworkPaperRoutes.paperRecord.url}`;
const QE = `POST ${homeworkPaperRoutes.questionEdit.url}`;

const record = (over: Partial<PaperRecord> = {}): PaperRecord => ({
  homework: detail(),
  schoolId: 11,
  paperBytes: 2048,
  objectiveCount: 2,
  subjectiveCount: 1,
  scanPages: 4,
  submissions: 3,
  ...over,
});

const render = (path: string, api = homeworkApi({ [PR]: ok(record()) })) =>
  renderApp({ path, api, user: teacherUser(), pages: homeworkPages });

/** `fetch` answering a PDF, as the paper and sheet downloads do. */
function pdfFetch() {
  URL.createObjectURL = vi.fn(() => 'blob:paper');
  URL.revokeObjectURL = vi.fn();
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(
      new Response(new Blob(['%PDF-1.4']), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      }),
    ),
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('试卷记录', () => {
  it('shows the paper, its questions with 编辑, and links to its PDF and 拆题', async () => {
    const api = homeworkApi({ [PR]: ok(record()) });
    await render('/paper/record/5/11', api);
    expect(
      await screen.findByRole('heading', { name: '试卷记录 · 分数加减练习' }),
    ).toBeInTheDocument();
    expect(bodiesOf(api, PR)).toEqual([{ id: 5, schoolId: 11 }]);
    expect(screen.getByText('分数.pdf（PDF，2.0 KB）')).toBeInTheDocument();
    expect(screen.getByText('共 3 题（客观题 2，主观题 1），满分 20 分')).toBeInTheDocument();
    expect(screen.getByText('扫描 4 页，已交 3 人')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '试卷题目' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('2客观题BD5');
    expect(within(table).getByRole('link', { name: '编辑第 2 题' })).toHaveAttribute(
      'href',
      '/homework/question/edit?id=5&no=2',
    );
    expect(screen.getByRole('link', { name: '查看试卷' })).toHaveAttribute(
      'href',
      '/paper/pdf/5/11',
    );
    expect(screen.getByRole('link', { name: '拆题' })).toHaveAttribute('href', '/paper/split/5/11');
    expect(screen.getByRole('link', { name: '查看答题卡' })).toHaveAttribute(
      'href',
      '/homework/viewPdf?id=5&file=sheet',
    );
  });

  it('offers no 编辑 once assigned', async () => {
    const assigned = assignedDetail();
    await render('/paper/record/5/11', homeworkApi({ [PR]: ok(record({ homework: assigned })) }));
    expect(
      await screen.findByText('作业已布置：题型不能再改，答案和满分可以更正（已交作业重新计分）。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /编辑第/ })).toBeNull();
    expect(screen.getByRole('link', { name: '更正第 2 题' })).toHaveAttribute(
      'href',
      '/homework/question/edit?id=5&no=2',
    );
    expect(screen.getByRole('link', { name: '查看拆题' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '布置记录' })).toHaveTextContent('四年级(1)班40');
  });

  it('shows the refusal of another school and nothing of the paper', async () => {
    await render('/paper/record/5/99', homeworkApi({ [PR]: fail(404, '作业不存在') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('作业不存在');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('writes file sizes as a teacher reads them', () => {
    expect(sizeText(null)).toBe('文件缺失');
    expect(sizeText(900)).toBe('900 字节');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('试卷PDF, 试卷拆分 and 查看作业PDF', () => {
  it('/paper/pdf shows the uploaded paper in the page, fetched with the session', async () => {
    const fetchMock = pdfFetch();
    await render('/paper/pdf/5/11');
    const frame = await screen.findByTitle('分数加减练习原卷');
    expect(frame).toHaveAttribute('src', 'blob:paper');
    expect(fetchMock.mock.calls[0]![0]).toBe(`${HOMEWORK_PAPER_URL}?id=5`);
    expect(screen.getByRole('link', { name: '试卷记录' })).toHaveAttribute(
      'href',
      '/paper/record/5/11',
    );
  });

  it('/paper/split checks the school, then is split-confirm for that homework', async () => {
    const api = homeworkApi({ [PR]: ok(record()) });
    await render('/paper/split/5/11', api);
    expect(
      await screen.findByRole('heading', { name: '拆题确认 · 分数加减练习' }),
    ).toBeInTheDocument();
    expect(bodiesOf(api, PR)).toEqual([{ id: 5, schoolId: 11 }]);
    expect(bodiesOf(api, HW.homeworkDetail)).toEqual([{ id: 5 }]);
    expect(screen.getByRole('link', { name: '试卷记录' })).toHaveAttribute(
      'href',
      '/paper/record/5/11',
    );
  });

  it('/paper/split of another school does not open the split page', async () => {
    const api = homeworkApi({ [PR]: fail(404, '作业不存在') });
    await render('/paper/split/5/12', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('作业不存在');
    expect(bodiesOf(api, HW.homeworkDetail)).toEqual([]);
  });

  it('/homework/viewPdf shows the answer sheet, and switches to the paper', async () => {
    const user = userEvent.setup();
    const fetchMock = pdfFetch();
    await render('/homework/viewPdf?id=5&file=sheet');
    expect(await screen.findByTitle('分数加减练习答题卡')).toHaveAttribute('src', 'blob:paper');
    expect(fetchMock.mock.calls[0]![0]).toBe(`${HOMEWORK_SHEET_URL}?id=5`);
    await user.click(screen.getByRole('link', { name: '查看原卷' }));
    expect(await screen.findByTitle('分数加减练习原卷')).toBeInTheDocument();
    expect(fetchMock.mock.calls.at(-1)![0]).toBe(`${HOMEWORK_PAPER_URL}?id=5`);
  });

  it('/homework/viewPdf says a bank homework has no paper', async () => {
    pdfFetch();
    await render(
      '/homework/viewPdf?id=5&file=paper',
      homeworkApi({ [HW.homeworkDetail]: ok(detail({ paperKind: 'bank' })) }),
    );
    expect(await screen.findByText('这份作业由题库组成，没有上传的原卷。')).toBeInTheDocument();
  });
});

describe('编辑试题', () => {
  it('saves one question through question/edit and shows the new total', async () => {
    const user = userEvent.setup();
    const edited = detail({
      fullMarks: 21.5,
      questions: [
        { no: 1, label: '1', type: 'objective', answer: 'A', fullMarks: 5, points: [] },
        { no: 2, label: '2', type: 'objective', answer: 'AC', fullMarks: 6.5, points: [] },
        { no: 3, label: '3', type: 'subjective', answer: null, fullMarks: 10, points: [] },
      ],
    });
    const api = homeworkApi({ [QE]: ok(edited) });
    await render('/homework/question/edit?id=5&no=2', api);
    const answer = await screen.findByRole('textbox', { name: /答案/ });
    expect(answer).toHaveValue('BD');
    await user.clear(answer);
    await user.type(answer, 'ca');
    const marks = screen.getByRole('spinbutton', { name: /满分/ });
    await user.clear(marks);
    await user.type(marks, '6.5');
    await user.click(screen.getByRole('button', { name: '保存试题' }));
    expect(bodiesOf(api, QE)).toEqual([
      { id: 5, no: 2, label: '2', type: 'objective', answer: 'ca', fullMarks: 6.5 },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '已保存：作业共 3 题，满分 21.5 分',
    );
    expect(answer).toHaveValue('AC');
  });

  it('tags the question’s 知识点 on their own, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = homeworkApi({
      [POINT_TREE]: ok(POINT_NODES),
      [POINT_SAVE]: () =>
        refuse
          ? fail(404, '知识点不存在，或不属于本作业的学科和学段')
          : ok([{ id: 4, name: '图形与几何' }]),
    });
    await render('/homework/question/edit?id=5&no=2', api);
    const section = await screen.findByRole('region', { name: '知识点' });
    expect(within(section).getByText('未标注')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '标注知识点 第 2 题' }));
    const dialog = await screen.findByRole('dialog', { name: '第 2 题的知识点' });
    await user.click(await within(dialog).findByRole('checkbox', { name: '图形与几何' }));
    await user.click(within(dialog).getByRole('button', { name: '保存知识点' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '知识点不存在，或不属于本作业的学科和学段',
    );
    expect(within(section).getByText('未标注')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: '保存知识点' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section).getByText('图形与几何')).toBeInTheDocument();
    expect(bodiesOf(api, POINT_SAVE)).toEqual([
      { homeworkId: 5, questionNo: 2, pointIds: [4] },
      { homeworkId: 5, questionNo: 2, pointIds: [4] },
    ]);
    // Nothing of the question itself was saved.
    expect(bodiesOf(api, QE)).toEqual([]);
  });

  it('shows the server’s refusal and sends nothing for zero marks', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({ [QE]: fail(400, '第 2 题（题号 1）：题号重复') });
    await render('/homework/question/edit?id=5&no=2', api);
    const marks = await screen.findByRole('spinbutton', { name: /满分/ });
    await user.clear(marks);
    await user.click(screen.getByRole('button', { name: '保存试题' }));
    expect(screen.getByRole('alert')).toHaveTextContent('满分应大于 0');
    expect(bodiesOf(api, QE)).toEqual([]);
    await user.type(marks, '5');
    const label = screen.getByRole('textbox', { name: /题号/ });
    await user.clear(label);
    await user.type(label, '1');
    await user.click(screen.getByRole('button', { name: '保存试题' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('第 2 题（题号 1）：题号重复');
  });

  it('corrects a question of an assigned homework after a dialog naming the hand-ins it re-scores', async () => {
    const user = userEvent.setup();
    const QC = `POST ${homeworkPaperRoutes.questionEditCheck.url}`;
    const assigned = detail({ state: 'assigned' });
    const api = homeworkApi({
      [HW.homeworkDetail]: ok(assigned),
      [QC]: ok({ handIns: 30, changed: 12, clamped: 2 }),
      [QE]: ok(assigned),
    });
    await render('/homework/question/edit?id=5&no=3', api);
    expect(
      await screen.findByText(
        '作业已布置：可以更正答案、满分和题号，保存时所有已交作业的本题重新计分；题型和答题卡上的选项个数不能再改。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /题型/ })).toBeDisabled();
    const marks = screen.getByRole('spinbutton', { name: /满分/ });
    await user.clear(marks);
    await user.type(marks, '6');
    await user.click(screen.getByRole('button', { name: '保存试题' }));
    const dialog = await screen.findByRole('alertdialog', { name: '重新计分' });
    expect(dialog).toHaveTextContent(
      '已交 30 份作业有本题作答，保存后 12 份的得分或对错会改变（其中 2 份老师给的分超过新满分，将改为满分）。确定保存吗？',
    );
    // Nothing is saved before 确定.
    expect(bodiesOf(api, QE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '确定保存并重新计分' }));
    expect(bodiesOf(api, QE)).toEqual([
      { id: 5, no: 3, label: '3', type: 'subjective', answer: null, fullMarks: 6 },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '重新计分 12 份作业，其中 2 份的得分超过新满分，已改为满分',
    );
  });
});
