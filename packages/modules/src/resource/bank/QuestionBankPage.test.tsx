import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BankQuestionItem, type KnowledgeNode } from '@examkit/contracts';
import { SCHOOL_ROUTES, createFakeApi, menuUser, ok, renderApp } from '../../test/fixtures';
import { resourcePages } from '../index';

afterEach(() => vi.restoreAllMocks());

const CODES = ['Home', 'Resources', 'Generate', 'Paper', 'Paper-School'];
const bankUser = () => menuUser(CODES);

const M = '/marking-resources';
const NODES: KnowledgeNode[] = [
  { id: 1, parentId: null, name: '数列', ord: 0, shared: true, questionCount: 0 },
  { id: 2, parentId: 1, name: '等差数列', ord: 0, shared: true, questionCount: 1 },
  { id: 3, parentId: 2, name: '本校专题', ord: 0, shared: false, questionCount: 0 },
];
const Q: BankQuestionItem = {
  id: 41,
  bank: 'school',
  subjectCode: '02',
  stage: 3,
  gradeNum: 11,
  type: 'blank',
  difficulty: 1,
  stem: '在等差数列中，$a_1=3$，$d=2$，则 $a_{10}=$____。',
  options: [],
  answer: '$21$',
  analysis: '由通项公式。',
  points: [{ id: 2, name: '等差数列' }],
  source: '示范中学原创',
  year: 2026,
  tags: [],
  children: [],
  version: 1,
  updatedAt: 0,
};

function bankApi() {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [`POST ${M}/common/listSubject`]: ok([
      { subjectCode: '01', subjectName: '语文' },
      { subjectCode: '02', subjectName: '数学' },
    ]),
    [`POST ${M}/common/listStage`]: ok([
      { stage: 3, stageName: '高中', grades: [{ gradeNum: 11, gradeName: '高二' }] },
    ]),
    [`POST ${M}/common/listPoint`]: ok(NODES),
    [`POST ${M}/question/list`]: ok({ list: [Q], total: 1, pageNum: 1, pageSize: 10 }),
    [`POST ${M}/question/add`]: ok({ id: 42 }),
  });
}

/** Opens 选题 (or another bank page) as the bank's user. */
const openTopic = (api: ReturnType<typeof bankApi>, path = '/resource/generate/topic') =>
  renderApp({ path, api, user: bankUser(), pages: resourcePages });

describe('选题 page', () => {
  it('filters by subject, knowledge point and words, and shows answers on request', async () => {
    const api = bankApi();
    await openTopic(api);
    const card = await screen.findByRole('article', { name: '第 1 题' });
    expect(card.textContent).toContain('填空题 · 容易 · 等差数列');
    expect(within(card).queryByText('答案：', { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '查看答案' }));
    expect(card.textContent).toContain('答案：');
    // The first subject was chosen; now 数学, then a node of its tree, then words.
    await userEvent.selectOptions(screen.getByLabelText('学科'), '02');
    await userEvent.click(screen.getByRole('button', { name: '等差数列' }));
    await waitFor(() => expect(api.lastBody(`${M}/question/list`)).toMatchObject({ pointId: 2 }));
    await userEvent.type(screen.getByLabelText('关键字'), '等差数列 公差');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.lastBody(`${M}/question/list`)).toMatchObject({
        bank: 'school',
        subjectCode: '02',
        pointId: 2,
        keyWord: '等差数列 公差',
        pageNum: 1,
      }),
    );
    expect(screen.getByRole('button', { name: '等差数列' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('adds a question with a formula through the editor and previews it', async () => {
    const api = bankApi();
    await openTopic(api);
    await screen.findByRole('article', { name: '第 1 题' });
    await userEvent.click(screen.getByRole('button', { name: '录入试题' }));
    const dialog = await screen.findByRole('dialog', { name: '录入试题' });
    await userEvent.selectOptions(within(dialog).getByLabelText('题型'), 'blank');
    expect(within(dialog).queryByLabelText('选项A')).toBeNull();
    await userEvent.type(
      within(dialog).getByLabelText('题干（公式写在 $…$ 之间）'),
      '求 $x^{{2}=4$ 的正数解。',
    );
    await userEvent.type(within(dialog).getByLabelText('答案'), '2');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '等差数列' }));
    const preview = within(dialog).getByRole('article', { name: '试题预览' });
    await waitFor(() => expect(preview.querySelector('math')).not.toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '录入试题' })).toBeNull());
    const sent = api.lastBody(`${M}/question/add`) as unknown as {
      question: { type: string; stem: string; options: string[]; pointIds: number[] };
      requestId: string;
    };
    expect(sent.question).toMatchObject({
      type: 'blank',
      stem: '求 $x^{2}=4$ 的正数解。',
      options: [],
      pointIds: [2],
      subjectCode: '01',
    });
    expect(sent.requestId.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses to save a choice question with one option, naming why', async () => {
    await openTopic(bankApi());
    await userEvent.click(await screen.findByRole('button', { name: '录入试题' }));
    const dialog = await screen.findByRole('dialog', { name: '录入试题' });
    await userEvent.type(
      within(dialog).getByLabelText('题干（公式写在 $…$ 之间）'),
      '选择正确的一项',
    );
    await userEvent.type(within(dialog).getByLabelText('选项A'), '甲');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('选择题至少需要两个选项');
  });

  it('shows the cloud bank without editing', async () => {
    await openTopic(bankApi(), '/resource/generate/cloud-question-bank');
    await screen.findByRole('article', { name: '第 1 题' });
    expect(screen.getByRole('heading', { name: '云题库' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '录入试题' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});
