import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, bodiesOf, examApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const SHEET = {
  examSubjectId: 21,
  examNumberLength: 10,
  saved: false,
  savedAt: null,
  editable: true,
  design: {
    paper: {
      subject: '数学',
      questions: [
        { id: '1', number: '1', type: 'single', fullMarks: 5, optionCount: 4 },
        { id: '2', number: '2', type: 'subjective', fullMarks: 95 },
      ],
    },
    // The server's default 考号位数: the length of the exam's exam numbers.
    settings: { examNumCount: 10 },
    overrides: {},
  },
  template: null,
  identity: null,
};

/** Renders an answer-sheet page at `path` as the demo user, against `api`. */
const renderSheetPage = (path: string, api: ReturnType<typeof examApi>) =>
  renderApp({ path, api, user: demoUser(), pages: examPages });

describe('AnswerSheetPage', () => {
  it('edits the sheet in the designer and saves settings and overrides to the exam subject', async () => {
    const api = examApi({
      [EXAM.sheetGet]: ok(SHEET),
      [EXAM.sheetSave]: ok({
        savedAt: Date.UTC(2026, 10, 21, 2, 0),
        pageCount: 1,
        identity: 'EK1|21|5f3a09c2',
      }),
    });
    await renderSheetPage('/exam/single/create_answer_sheet?examSubjectId=21', api);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: '制作答题卡 · 数学' })).toBeInTheDocument();
    expect(screen.getByText('尚未保存（下载的是默认样式）')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: '答题卡标题' });
    await user.clear(title);
    await user.type(title, '周练答题卡');
    expect(screen.getByText(/有未保存的修改/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存答题卡' }));
    await waitFor(() => expect(bodiesOf(api, EXAM.sheetSave)).toHaveLength(1));
    const [body] = bodiesOf(api, EXAM.sheetSave);
    expect(body).toMatchObject({ examSubjectId: 21, settings: { answerSheetTitle: '周练答题卡' } });
    expect(body).not.toHaveProperty('paper');
    expect(await screen.findByText(/^已保存于/)).toBeInTheDocument();
    expect(screen.getByText('答题卡已保存')).toBeInTheDocument();
  });

  it('warns when the saved 考号位数 cannot hold the exam’s 10-digit exam numbers', async () => {
    const older = { ...SHEET, design: { ...SHEET.design, settings: { examNumCount: 8 } } };
    await renderSheetPage(
      '/exam/single/create_answer_sheet?examSubjectId=21',
      examApi({ [EXAM.sheetGet]: ok(older) }),
    );
    const user = userEvent.setup();
    const warning = await screen.findByText(/考号位数 8 位少于本场考生的考号（10 位）/);
    expect(warning).toHaveAttribute('role', 'alert');
    const digits = screen.getByRole('spinbutton', { name: '考号位数' });
    await user.clear(digits);
    await user.type(digits, '10');
    expect(screen.queryByText(/填涂不下/)).not.toBeInTheDocument();
  });

  it('opens on the server’s default 考号位数 without a warning', async () => {
    await renderSheetPage(
      '/exam/single/create_answer_sheet?examSubjectId=21',
      examApi({ [EXAM.sheetGet]: ok(SHEET) }),
    );
    expect(await screen.findByRole('spinbutton', { name: '考号位数' })).toHaveValue(10);
    expect(screen.queryByText(/填涂不下/)).not.toBeInTheDocument();
  });

  it('previews the QR code the server gives the saved sheet, and the sample while edits are unsaved', async () => {
    const saved = {
      ...SHEET,
      saved: true,
      savedAt: Date.UTC(2026, 10, 20, 8, 0),
      design: { ...SHEET.design, settings: { isHiddenQrcode: false } },
      identity: 'EK1|21|5f3a09c2',
    };
    const api = examApi({
      [EXAM.sheetGet]: ok(saved),
      [EXAM.sheetSave]: ok({
        savedAt: Date.UTC(2026, 10, 21, 2, 0),
        pageCount: 1,
        identity: 'EK1|21|0b1d2e3f',
      }),
    });
    await renderSheetPage('/card/create-v2?examSubjectId=21', api);
    const user = userEvent.setup();
    const preview = within(await screen.findByRole('region', { name: '预览' }));
    const code = preview.getByRole('img', { name: '二维码：EK1|21|5f3a09c2' });
    expect(within(code).getByText('二维码')).toBeInTheDocument();
    expect(preview.queryByText('二维码（示例）')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: '考号形式' }), '条形码');
    expect(preview.getByRole('img', { name: '二维码（示例，保存后生成）' })).toBeInTheDocument();
    expect(preview.queryByRole('img', { name: /EK1/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '保存答题卡' }));
    expect(
      await preview.findByRole('img', { name: '二维码：EK1|21|0b1d2e3f' }),
    ).toBeInTheDocument();
    expect(preview.queryByText('二维码（示例）')).not.toBeInTheDocument();
  });

  it('previews the sample QR code before the sheet is saved', async () => {
    const unsaved = { ...SHEET, design: { ...SHEET.design, settings: { isHiddenQrcode: false } } };
    await renderSheetPage(
      '/card/stand?examSubjectId=21',
      examApi({ [EXAM.sheetGet]: ok(unsaved) }),
    );
    const preview = within(await screen.findByRole('region', { name: '预览' }));
    const code = preview.getByRole('img', { name: '二维码（示例，保存后生成）' });
    expect(within(code).getByText('二维码（示例）')).toBeInTheDocument();
  });

  it('shows the server message when saving is refused', async () => {
    const api = examApi({
      [EXAM.sheetGet]: ok(SHEET),
      [EXAM.sheetSave]: fail(400, '考试已开始扫描，不能修改答题卡'),
    });
    await renderSheetPage('/card/create?examSubjectId=21', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '保存答题卡' }));
    const shown = await screen.findAllByText('考试已开始扫描，不能修改答题卡');
    expect(shown.some((el) => el.getAttribute('role') === 'alert')).toBe(true);
  });

  it('asks for an exam subject when opened without one', async () => {
    await renderSheetPage('/card/create', examApi({ [EXAM.sheetGet]: ok(SHEET) }));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('考试'), '2026学年高一数学第十二周周练');
    await user.selectOptions(screen.getByLabelText('科目'), '数学');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByRole('heading', { name: '制作答题卡 · 数学' })).toBeInTheDocument();
  });
});
