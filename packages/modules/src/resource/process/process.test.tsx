import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, menuUser, ok, renderApp } from '../../test/fixtures';
import { resourcePages } from '../index';

const CODES = ['Home', 'Resources', 'Process'];
const processUser = () => menuUser(CODES);

const question = (number: number, stem: string) => ({
  number,
  section: '一、选择题',
  points: 3,
  question: {
    subjectCode: '02',
    stage: 2,
    gradeNum: 8,
    type: 'single',
    difficulty: 3,
    stem,
    options: ['$x=2$', '$x=3$'],
    answer: 'A',
    analysis: '',
    pointIds: [],
    source: '单元练习',
    year: null,
    tags: [],
    children: [],
  },
});

/** A fake server: one upload becomes import 5; save keeps the questions; confirm imports them. */
function processApi() {
  let state: 'parsed' | 'imported' = 'parsed';
  let questions = [question(1, '方程 $x^2=4$ 的正根是')];
  const summary = () => ({
    id: 5,
    uploadId: 9,
    fileName: '单元练习.docx',
    subjectCode: '02',
    gradeNum: 8,
    state,
    questionCount: questions.length,
    questionIds: state === 'imported' ? [101] : [],
    createdAt: Date.UTC(2026, 10, 21, 2, 0),
    userName: '王老师',
  });
  const detail = () => ({
    summary: summary(),
    html: '<p>1．（3分）方程 $x^2=4$ 的正根是</p>',
    questions,
  });
  return createFakeApi({
    ...SCHOOL_ROUTES,
    'POST /marking-user/user/school/dic/get_subject': ok([{ id: 2, name: '数学', code: '02' }]),
    'POST /marking-resources/resource/process/list': () =>
      ok(state === 'parsed' ? [] : [summary()]),
    'POST /marking-oss/sts/upload': ok({
      mode: 'server',
      url: '/marking-oss/upload/file',
      maxBytes: 716800,
    }),
    'POST /marking-oss/upload/file': ok({
      id: 9,
      kind: 'docx',
      fileName: '单元练习.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 4,
      url: '/marking-oss/file/x.docx',
      createdAt: 0,
    }),
    'POST /marking-resources/resource/process/create': () => ok(summary()),
    'POST /marking-resources/resource/process/detail': () => ok(detail()),
    'POST /marking-resources/resource/process/save': (req: { data: unknown }) => {
      questions = (JSON.parse(String(req.data)) as { questions: typeof questions }).questions;
      return ok(detail());
    },
    'POST /marking-resources/resource/process/confirm': () => {
      state = 'imported';
      return ok(summary());
    },
  });
}

describe('资源加工', () => {
  it(
    'uploads a Word paper, corrects a question and confirms it into the bank',
    { timeout: 30_000 },
    async () => {
      const api = processApi();
      await renderApp({
        pages: resourcePages,
        path: '/resource/process',
        user: processUser(),
        api,
      });
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { name: '资源加工' })).toBeInTheDocument();
      expect(await screen.findByText('还没有加工过的试卷')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: '上传并拆分' }));
      expect(screen.getByText('请选择 Word 文档（.docx）')).toBeInTheDocument();

      const file = new File([new Uint8Array([80, 75, 3, 4])], '单元练习.docx');
      await user.upload(screen.getByLabelText(/Word 试卷/), file);
      await screen.findByRole('option', { name: '数学' });
      await user.selectOptions(screen.getByRole('combobox', { name: /学科/ }), '02');
      await user.selectOptions(screen.getByRole('combobox', { name: /年级/ }), '8');
      await user.click(screen.getByRole('button', { name: '上传并拆分' }));

      expect(
        await screen.findByRole('heading', { name: '加工详情：单元练习.docx' }),
      ).toBeInTheDocument();
      expect(api.lastBody('/marking-oss/upload/file')).toMatchObject({
        fileName: '单元练习.docx',
        data: 'UEsDBA==',
      });
      expect(api.lastBody('/marking-resources/resource/process/create')).toEqual({
        uploadId: 9,
        subjectCode: '02',
        gradeNum: 8,
      });
      const source = screen.getByRole('region', { name: '试卷原文' });
      expect(within(source).getByText('1．（3分）方程 $x^2=4$ 的正根是')).toBeInTheDocument();

      const first = screen.getByRole('group', { name: '第 1 题' });
      const stem = within(first).getByRole('textbox', { name: '题干' });
      await user.clear(stem);
      await user.type(stem, '方程 x²=4 的正数根是');
      await user.selectOptions(within(first).getByRole('combobox', { name: '难度' }), '2');
      await user.click(within(first).getByText('预览第 1 题'));
      const preview = within(first).getByRole('article', { name: '第 1 题预览' });
      expect(preview).toHaveTextContent('方程 x²=4 的正数根是');
      expect(preview).toHaveTextContent('较易');
      await user.click(screen.getByRole('button', { name: '确认入库' }));
      const dialog = await screen.findByRole('alertdialog', { name: '确认入库' });
      await user.click(within(dialog).getByRole('button', { name: '确认入库' }));

      expect(await screen.findByText(/已入库 1 道试题/)).toBeInTheDocument();
      const saved = JSON.parse(
        String(api.calls.find((c) => c.url.endsWith('/process/save'))!.data),
      ) as { questions: { question: { stem: string; difficulty: number } }[] };
      expect(saved.questions[0]!.question).toMatchObject({
        stem: '方程 x²=4 的正数根是',
        difficulty: 2,
      });
      await waitFor(() =>
        expect(api.calls.some((c) => c.url.endsWith('/process/confirm'))).toBe(true),
      );
      expect(screen.queryByRole('button', { name: '确认入库' })).not.toBeInTheDocument();
    },
  );
});
