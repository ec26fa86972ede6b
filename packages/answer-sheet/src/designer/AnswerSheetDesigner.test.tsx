import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { decodePreviewQrcode } from '../test/decodePreviewQrcode';
import { smallPaper } from '../test/fixtures';
import type { SheetDesign } from '../types';
import { AnswerSheetDesigner } from './AnswerSheetDesigner';

const initial: SheetDesign = { paper: smallPaper(), settings: {}, overrides: {} };

function setup(value: SheetDesign = initial, identity?: string, examNumberLength?: number) {
  const changes: SheetDesign[] = [];
  function Harness() {
    const [design, setDesign] = useState(value);
    return (
      <AnswerSheetDesigner
        value={design}
        identity={identity}
        examNumberLength={examNumberLength}
        onChange={(next) => {
          changes.push(next);
          setDesign(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  const preview = () => within(screen.getByRole('region', { name: '预览' }));
  const last = () => changes[changes.length - 1];
  return { user, preview, last, changes };
}

describe('AnswerSheetDesigner', () => {
  it('previews the sheet from the design: an A4 page with title, exam number and 缺考 mark', () => {
    const { preview } = setup();
    expect(preview().getByRole('img', { name: '第 1 页（A4，共 1 页）' })).toBeInTheDocument();
    expect(preview().getByText('答题卡 语文')).toBeInTheDocument();
    expect(preview().getByText('准考证号')).toBeInTheDocument();
    expect(preview().getByText('缺考标记')).toBeInTheDocument();
  });

  it('changes the preview when settings change', async () => {
    const { user, preview, last } = setup();
    await user.click(screen.getByRole('checkbox', { name: '缺考标记' }));
    expect(preview().queryByText('缺考标记')).not.toBeInTheDocument();
    expect(last()?.settings.hasMissTag).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: '纸张' }), 'A3 横版');
    await user.selectOptions(screen.getByRole('combobox', { name: '栏数' }), '3 栏');
    expect(preview().getByRole('img', { name: /第 1 页（A3/ })).toBeInTheDocument();
    expect(last()?.settings).toMatchObject({ isHen: 1, column: 3 });

    await user.selectOptions(screen.getByRole('combobox', { name: '考号形式' }), '条形码');
    expect(preview().getByText('贴条形码区')).toBeInTheDocument();
    expect(preview().queryByText('准考证号')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: '判断题符号' }), 'T F');
    expect(preview().getAllByText('T').length).toBeGreaterThan(0);
  });

  it('edits the title and the attention notes', async () => {
    const { user, preview } = setup();
    const title = screen.getByRole('textbox', { name: '答题卡标题' });
    await user.clear(title);
    await user.type(title, '期中考试答题卡');
    expect(preview().getByText('期中考试答题卡 语文')).toBeInTheDocument();
    const notes = screen.getByRole('textbox', { name: '注意事项' });
    await user.clear(notes);
    await user.type(notes, '请用黑色笔作答');
    expect(preview().getByText('请用黑色笔作答')).toBeInTheDocument();
  });

  it('undoes and redoes with the buttons; typing in one field is one step', async () => {
    const { user, preview } = setup();
    const undo = screen.getByRole('button', { name: '撤销' });
    const redo = screen.getByRole('button', { name: '重做' });
    expect(undo).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '密封线' }));
    const title = screen.getByRole('textbox', { name: '答题卡标题' });
    await user.type(title, '（A卷）');
    expect(preview().getByText('答题卡（A卷） 语文')).toBeInTheDocument();

    await user.click(undo);
    expect(preview().getByText('答题卡 语文')).toBeInTheDocument();
    expect(preview().getByText(/密 封 线/)).toBeInTheDocument();
    await user.click(undo);
    expect(preview().queryByText(/密 封 线/)).not.toBeInTheDocument();
    expect(undo).toBeDisabled();

    await user.click(redo);
    await user.click(redo);
    expect(preview().getByText('答题卡（A卷） 语文')).toBeInTheDocument();
    expect(redo).toBeDisabled();
  });

  it('is keyboard operable: toggle with Space, undo with Ctrl+Z, redo with Ctrl+Shift+Z', async () => {
    const { user, preview } = setup();
    const qr = screen.getByRole('checkbox', { name: '显示二维码' });
    qr.focus();
    await user.keyboard(' ');
    expect(preview().getByText('二维码（示例）')).toBeInTheDocument();
    await user.keyboard('{Control>}z{/Control}');
    expect(preview().queryByText('二维码（示例）')).not.toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(preview().getByText('二维码（示例）')).toBeInTheDocument();
  });

  it('previews a light sample QR code while the design has no identity yet', async () => {
    const { user, preview } = setup();
    expect(preview().queryByRole('img', { name: /^二维码/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '显示二维码' }));
    const code = preview().getByRole('img', { name: '二维码（示例，保存后生成）' });
    expect(within(code).getByText('二维码（示例）')).toBeInTheDocument();
    const modules = code.querySelector('path');
    expect(modules?.getAttribute('d')?.match(/M/g)?.length).toBeGreaterThan(50);
    expect(modules).toHaveAttribute('fill', '#bfbfbf');
  });

  it('previews the saved sheet’s real QR code when given its identity', async () => {
    const identity = 'EK1|1024|5f3a09c2';
    const { user, preview } = setup(initial, identity);
    await user.click(screen.getByRole('checkbox', { name: '显示二维码' }));
    const code = preview().getByRole('img', { name: `二维码：${identity}` });
    expect(within(code).getByText('二维码')).toBeInTheDocument();
    expect(preview().queryByText('二维码（示例）')).not.toBeInTheDocument();
    const modules = code.querySelector('path')!;
    expect(modules).toHaveAttribute('fill', '#000');
    expect(decodePreviewQrcode(modules)).toBe(identity);
  });

  it('reorders questions with buttons and with Alt+arrow keys', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: '下移第 1 题' }));
    expect(last()?.overrides.questionOrder?.slice(0, 2)).toEqual(['b', 'a']);
    const items = within(screen.getByRole('list', { name: '题目顺序' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('第 2 题');

    const row = screen.getByLabelText(/^第 5\(2\) 题（解答）/);
    row.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(last()?.overrides.questionOrder?.slice(-2)).toEqual(['e2', 'e1']);
  });

  it('resizes a subjective box and inserts a blank area, both shown in the preview', async () => {
    const { user, last, preview } = setup();
    const height = screen.getByRole('spinbutton', { name: '第 5(2) 题答题区高度（毫米）' });
    expect(height).toHaveValue(70);
    await user.clear(height);
    await user.type(height, '90');
    expect(last()?.overrides.answerHeights).toEqual({ e2: 90 });
    const box = preview().getByText('5(2)．（12分）').closest('g')?.querySelector('rect');
    expect(Number(box?.getAttribute('height'))).toBeCloseTo(90 - 0.3);

    await user.click(screen.getByRole('button', { name: '在第 3 题后插入空白区' }));
    expect(last()?.overrides.blankAreas).toEqual([
      { id: 'blank-1', afterQuestionId: 'c', heightMm: 20 },
    ]);
    expect(screen.getByRole('spinbutton', { name: '空白区高度（毫米）' })).toHaveValue(20);
    const pages = preview().getAllByRole('img');
    expect(
      pages.flatMap((p) => [...p.querySelectorAll('rect[stroke-dasharray="2 2"]')]),
    ).toHaveLength(1);
  });

  it('changes the exam-number digits, which the preview follows', async () => {
    const { user, preview } = setup();
    const nines = () => preview().getAllByText('9').length;
    const before = nines();
    const digits = screen.getByRole('spinbutton', { name: '考号位数' });
    await user.clear(digits);
    await user.type(digits, '10');
    expect(nines()).toBe(before + 2);
  });

  it('warns while the exam-number grid is shorter than the exam’s 10-digit numbers', async () => {
    const { user } = setup({ ...initial, settings: { examNumCount: 8 } }, undefined, 10);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '考号位数 8 位少于本场考生的考号（10 位），答题卡填涂不下完整考号，请改为 10 位',
    );
    const digits = screen.getByRole('spinbutton', { name: '考号位数' });
    await user.clear(digits);
    await user.type(digits, '10');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A barcode sticker holds any number.
    await user.clear(digits);
    await user.type(digits, '9');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '考号形式' }), '条形码');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns that numbers longer than any grid need a barcode', () => {
    setup({ ...initial, settings: { examNumCount: 20 } }, undefined, 24);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '本场考生的考号有 24 位，填涂考号最多 20 位，填涂不下，请改用条形码',
    );
  });

  it('does not warn without the exam’s numbers or when they fit', () => {
    setup({ ...initial, settings: { examNumCount: 10 } }, undefined, 10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('zooms the preview in and out within 50 %–200 %', async () => {
    const { user, preview } = setup();
    const page = () => preview().getByRole('img');
    const width = Number(page().getAttribute('width'));
    await user.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByRole('status', { name: '缩放比例' })).toHaveTextContent('100%');
    expect(Number(page().getAttribute('width'))).toBeGreaterThan(width);
    const smaller = screen.getByRole('button', { name: '缩小' });
    await user.click(smaller);
    await user.click(smaller);
    await user.click(smaller);
    expect(screen.getByRole('status', { name: '缩放比例' })).toHaveTextContent('50%');
    expect(smaller).toBeDisabled();
  });
});
