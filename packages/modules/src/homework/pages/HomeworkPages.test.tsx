import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { administrationRoutes } from '@examkit/contracts';
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
  summary,
} from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

const render = (path: string, api = homeworkApi()) =>
  renderApp({ path, api, user: teacherUser(), pages: homeworkPages });

describe('校本作业 list', () => {
  it('pages hspa/pageInfo and keeps the grade and subject in HOMEWORK_HEADER_STORE', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [HW.homeworkPage]: ok({
        list: [
          summary(),
          summary({ id: 6, name: '第一单元', state: 'assigned', targets: ['四年级(1)班'] }),
        ],
        total: 41,
        pageNum: 1,
        pageSize: 20,
      }),
    });
    const { storage } = await render('/homework/school-base', api);
    const table = await screen.findByRole('table', { name: '校本作业列表' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('分数加减练习四年级数学320待布置');
    expect(rows[2]).toHaveTextContent('已布置四年级(1)班');
    expect(within(table).getByRole('link', { name: '布置：分数加减练习' })).toHaveAttribute(
      'href',
      '/homework/school-base/split-confirm?id=5',
    );
    // An assigned homework cannot be deleted: no button for it.
    expect(within(table).queryByRole('button', { name: '删除：第一单元' })).toBeNull();
    expect(screen.getByText('共 41 条')).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: '年级' }), '四年级');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '数学');
    expect(storage.get('HOMEWORK_HEADER_STORE')).toEqual({ gradeId: 4, subjectId: 2 });
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(bodiesOf(api, HW.homeworkPage).at(-1)).toEqual({
      pageNum: 2,
      pageSize: 20,
      gradeId: 4,
      subjectId: 2,
    });
  });

  it('shows the answer to the newer filters while the older read is still on its way', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = (name: string) =>
      ok({ list: [summary({ name })], total: 1, pageNum: 1, pageSize: 20 });
    const api = homeworkApi({
      [HW.homeworkPage]: async (r: { data: string }) => {
        const body = JSON.parse(r.data) as { gradeId?: number; subjectId?: number };
        if (body.gradeId && body.subjectId) return page('四年级数学的作业');
        // the read of 年级 alone is answered only after the read of 年级 and 科目 has been sent
        if (body.gradeId) return held.then(() => page('四年级的作业'));
        return page('全部作业');
      },
    });
    await render('/homework/school-base', api);
    const table = await screen.findByRole('table', { name: '校本作业列表' });
    await within(table).findByText('全部作业');
    await user.selectOptions(await screen.findByRole('combobox', { name: '年级' }), '四年级');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '数学');
    await waitFor(() =>
      expect(bodiesOf(api, HW.homeworkPage).at(-1)).toMatchObject({ gradeId: 4, subjectId: 2 }),
    );
    release();
    expect(await within(table).findByText('四年级数学的作业')).toBeInTheDocument();
    expect(within(table).queryByText('四年级的作业')).toBeNull();
  });

  it('deletes a homework not yet assigned after confirming', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({ [HW.homeworkRemove]: ok(null) });
    await render('/homework/school-base', api);
    await user.click(await screen.findByRole('button', { name: '删除：分数加减练习' }));
    const dialog = screen.getByRole('alertdialog', { name: '删除作业' });
    await user.click(within(dialog).getByRole('button', { name: '确定删除' }));
    expect(bodiesOf(api, HW.homeworkRemove)).toEqual([{ id: 5 }]);
  });
});

describe('上传试卷布置作业', () => {
  it('uploads the paper with the grade and subject, then opens its split page', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({ [HW.homeworkCreate]: ok({ id: 9 }) });
    const { router } = await render('/homework/school-base/create', api);
    await user.type(await screen.findByRole('textbox', { name: /作业名称/ }), '分数练习');
    await user.selectOptions(screen.getByRole('combobox', { name: /年级/ }), '四年级');
    await user.selectOptions(screen.getByRole('combobox', { name: /科目/ }), '数学');
    await user.click(screen.getByRole('button', { name: '上传并拆题' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请选择试卷文件');
    const pdf = new File(['%PDF-1.4'], '分数.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('试卷文件'), pdf);
    await user.click(screen.getByRole('button', { name: '上传并拆题' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?id=9'));
    const [body] = bodiesOf(api, HW.homeworkCreate);
    expect(body).toMatchObject({
      name: '分数练习',
      gradeId: 4,
      subjectId: 2,
      paper: { fileName: '分数.pdf', contentBase64: btoa('%PDF-1.4') },
    });
    expect(String(body!.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the grade × subject's 教材 from 教材关联, and says so when none is set", async () => {
    const user = userEvent.setup();
    const correlation = (gradeId: number) => ({
      academicYear: 2026,
      rows: [
        {
          gradeId,
          gradeName: '',
          subjectId: 2,
          subjectName: '数学',
          edition: '人教版',
          volume: '四年级上册',
        },
      ],
    });
    const url = `POST ${administrationRoutes.homeworkCorrelationGet.url}`;
    // Set for 四年级数学 only: 一年级数学 has none.
    await render('/homework/school-base/create', homeworkApi({ [url]: ok(correlation(4)) }));
    await screen.findByRole('option', { name: '一年级' });
    expect(screen.queryByText(/^教材：/)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: /年级/ }), '一年级');
    await user.selectOptions(screen.getByRole('combobox', { name: /科目/ }), '数学');
    expect(await screen.findByText(/^教材：未设置/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /年级/ }), '四年级');
    await user.selectOptions(screen.getByRole('combobox', { name: /科目/ }), '数学');
    expect(
      await screen.findByText('教材：人教版 四年级上册（系统设置 · 教材关联）'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /作业名称/ })).toHaveAttribute(
      'placeholder',
      '如：人教版 四年级上册 第一章练习',
    );
  });

  it('refuses a file that is not a PDF or an image before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await render('/homework/school-base/create');
    await user.upload(
      await screen.findByLabelText('试卷文件'),
      new File(['x'], '作业.docx', { type: 'application/msword' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('请选择 PDF、PNG 或 JPG 格式的试卷');
  });
});

describe('拆题确认 and 布置', () => {
  it('a 教辅 chapter has no paper to show: the page leads to the chapter instead of 查看试卷', async () => {
    const api = homeworkApi({
      [HW.homeworkDetail]: ok(detail({ paperKind: 'workbook', paperName: '' })),
    });
    await render('/homework/school-base/split-confirm?id=5', api);
    expect(
      await screen.findByRole('link', { name: '教辅章节，没有原卷，查看章节' }),
    ).toHaveAttribute('href', '/homework/teaching-assistant/chapter?id=5');
    expect(screen.queryByRole('button', { name: '查看试卷' })).toBeNull();
    expect(screen.queryByRole('link', { name: '试卷记录' })).toBeNull();
  });

  it('adds and edits questions, saves them, and shows the server’s reason for a bad list', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [HW.homeworkDetail]: ok(detail({ state: 'draft', questions: [], fullMarks: 0 })),
      [HW.splitConfirm]: (r: { data: unknown }) => {
        const body = JSON.parse(String(r.data)) as {
          questions: { type: string; answer: string | null }[];
        };
        return body.questions.some((q) => q.type === 'objective' && q.answer === null)
          ? fail(400, '第 1 题（题号 1）：客观题需要填写答案')
          : ok(detail());
      },
    });
    await render('/homework/school-base/split-confirm?id=5', api);
    await user.click(await screen.findByRole('button', { name: '添加客观题' }));
    await user.click(screen.getByRole('button', { name: '添加主观题' }));
    expect(screen.getByText('共 2 题，满分 15 分')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '第 2 题题号' })).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: '保存题目' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('客观题需要填写答案');
    await user.type(screen.getByRole('textbox', { name: '第 1 题答案' }), 'a');
    await user.click(screen.getByRole('button', { name: '保存题目' }));
    expect(await screen.findByText('题目已保存：共 3 题，满分 20 分')).toBeInTheDocument();
    expect(bodiesOf(api, HW.splitConfirm).at(-1)).toEqual({
      id: 5,
      questions: [
        { label: '1', type: 'objective', answer: 'a', fullMarks: 5 },
        { label: '2', type: 'subjective', answer: null, fullMarks: 10 },
      ],
    });
    // Saved: the 布置 panel and the answer sheet appear.
    expect(screen.getByRole('heading', { name: '布置作业' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '打印答题卡' })).toBeInTheDocument();
  });

  it('tags a saved question’s 知识点 from the school’s tree, by keyboard, and shows them', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [POINT_TREE]: ok(POINT_NODES),
      [POINT_SAVE]: ok([
        { id: 2, name: '分数的加减' },
        { id: 3, name: '约分' },
      ]),
    });
    await render('/homework/school-base/split-confirm?id=5', api);
    const list = await screen.findByRole('table', { name: '题目列表' });
    expect(within(list).getByRole('columnheader', { name: '知识点' })).toBeInTheDocument();
    const first = within(list).getAllByRole('row')[1]!;
    expect(within(first).getByText('未标注')).toBeInTheDocument();
    const tag = within(first).getByRole('button', { name: '标注知识点 第 1 题' });
    tag.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '第 1 题的知识点' });
    const group = await within(dialog).findByRole('group', {
      name: '选择第 1 题考查的知识点（可多选）',
    });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['数与代数', '分数的加减', '约分', '图形与几何']);
    within(group).getByRole('checkbox', { name: '分数的加减' }).focus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(within(group).getByRole('checkbox', { name: '约分' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '保存知识点' }));
    expect(bodiesOf(api, POINT_SAVE)).toEqual([{ homeworkId: 5, questionNo: 1, pointIds: [2, 3] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(first).getByText('分数的加减、约分')).toBeInTheDocument();
    // A question added but not saved yet is tagged once the list is saved.
    await user.click(screen.getByRole('button', { name: '添加客观题' }));
    const added = within(list).getAllByRole('row')[4]!;
    expect(within(added).getByText('保存题目后可标注')).toBeInTheDocument();
    expect(within(added).queryByRole('button', { name: /标注知识点/ })).toBeNull();
  });

  it('shows a bank homework’s points from the bank, with nothing to tag', async () => {
    const base = detail();
    const api = homeworkApi({
      [HW.homeworkDetail]: ok(
        detail({
          paperKind: 'bank',
          questions: base.questions.map((q) =>
            q.no === 1 ? { ...q, points: [{ id: 2, name: '分数的加减' }] } : q,
          ),
        }),
      ),
    });
    await render('/homework/school-base/split-confirm?id=5', api);
    const list = await screen.findByRole('table', { name: '题目列表' });
    expect(within(list).getByText('分数的加减')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /标注知识点/ })).toBeNull();
  });

  it('双减: shows the day’s warning and assigns only when the teacher confirms it', async () => {
    const user = userEvent.setup();
    const warning =
      '根据“双减”规定，该年级每天书面作业总时长不超过 60 分钟。布置后 四年级(1)班当天作业预计 70 分钟，已超过上限，请确认是否仍要布置。';
    const api = homeworkApi({
      [HW.assignCheck]: ok({ day: '2026-11-21', loads: [], warning }),
      [HW.assign]: ok(assignedDetail(30)),
    });
    await render('/homework/school-base/split-confirm?id=5', api);
    await user.click(await screen.findByRole('checkbox', { name: /四年级\(1\)班/ }));
    await user.click(screen.getByRole('checkbox', { name: /数学提高班（教学班）/ }));
    const minutes = screen.getByRole('spinbutton', { name: /预计用时/ });
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: '布置' }));
    const dialog = await screen.findByRole('alertdialog', { name: '作业时长超过“双减”上限' });
    expect(dialog).toHaveTextContent('四年级(1)班当天作业预计 70 分钟');
    expect(bodiesOf(api, HW.assign)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '仍要布置' }));
    await vi.waitFor(() => expect(bodiesOf(api, HW.assign)).toHaveLength(1));
    expect(bodiesOf(api, HW.assign)[0]).toMatchObject({
      id: 5,
      classIds: [41],
      teachingClassIds: [7],
      estimatedMinutes: 30,
      confirmOverLimit: true,
    });
    const done = await screen.findByRole('table', { name: '布置记录' });
    expect(done).toHaveTextContent('四年级(1)班');
    // The question list of an assigned homework is read only.
    expect(screen.queryByRole('button', { name: '保存题目' })).toBeNull();
  });

  it('双减: 一、二年级 get no 布置 panel', async () => {
    await render(
      '/homework/school-base/split-confirm?id=5',
      homeworkApi({ [HW.homeworkDetail]: ok(detail({ gradeId: 1, writtenRefused: true })) }),
    );
    expect(
      await screen.findByText('根据“双减”规定，一、二年级不布置书面作业。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '布置' })).toBeNull();
  });

  it('AI 拆题 says a model is needed when none is configured; a proposal is checked on split-confirm', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [HW.aiSplit]: fail(400, 'AI 拆题需要配置 AI 模型，当前未配置，请手动录入题目'),
      [HW.homeworkDetail]: ok(detail({ state: 'draft', questions: [] })),
    });
    const { router } = await render('/homework/school-base/ai-split-confirm?id=5', api);
    await user.type(await screen.findByRole('textbox', { name: /试卷文字/ }), '1. 选择题');
    await user.click(screen.getByRole('button', { name: 'AI 拆题' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'AI 拆题需要配置 AI 模型，当前未配置，请手动录入题目',
    );
    api.on(
      HW.aiSplit,
      ok({ questions: [{ label: '1', type: 'objective', answer: 'C', fullMarks: 4 }] }),
    );
    await user.click(screen.getByRole('button', { name: 'AI 拆题' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/homework/school-base/split-confirm'),
    );
    expect(await screen.findByText('以下为 AI 拆题结果，请核对后保存。')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '第 1 题答案' })).toHaveValue('C');
  });
});
