import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, bodiesOf, examApi, weeklyDetail } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const xlsx = () => new File([new Uint8Array([80, 75, 3, 4])], '数学成绩.xlsx');

describe('ScoreImportPage', () => {
  it('lists every bad row with its reason when the file is refused', async () => {
    const api = examApi({
      [EXAM.detail]: ok(weeklyDetail()),
      [EXAM.scoreImport]: fail(400, '导入失败：2 处错误，未导入任何成绩', {
        errors: [
          { row: 3, key: '20260101', message: '姓名与考号不符' },
          { row: 7, key: '20260199', message: '第4(1)题得分 35 超过满分 30' },
        ],
      }),
    });
    await renderApp({
      path: '/exam/single/import?examId=2&examSubjectId=21',
      api,
      user: demoUser(),
      pages: examPages,
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: /导入成绩 · 2026学年高一数学第十二周周练/ }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('科目')).toHaveValue('21');
    expect(screen.getByRole('button', { name: '导入' })).toBeDisabled();
    await user.upload(screen.getByLabelText('成绩文件'), xlsx());
    await user.click(screen.getByRole('button', { name: '导入' }));
    const table = await screen.findByRole('table', { name: /明细/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('第 3 行20260101姓名与考号不符');
    expect(rows[2]).toHaveTextContent('第 7 行20260199第4(1)题得分 35 超过满分 30');
    expect(screen.getByText('导入失败：2 处错误，未导入任何成绩')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.scoreImport)).toEqual([{ examSubjectId: 21, file: 'UEsDBA==' }]);
  });

  it('reports the counts after a successful import', async () => {
    const api = examApi({
      [EXAM.detail]: ok(weeklyDetail()),
      [EXAM.scoreImport]: ok({ imported: 44, absent: 1, unchanged: 0 }),
    });
    await renderApp({
      path: '/exam/single/import?examId=2&examSubjectId=21',
      api,
      user: demoUser(),
      pages: examPages,
    });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('成绩文件'), xlsx());
    await user.click(screen.getByRole('button', { name: '导入' }));
    expect(
      await screen.findByText('导入成功：44 名学生的成绩已写入，缺考 1 人，未变化 0 人'),
    ).toBeInTheDocument();
  });

  it('accepts only .xlsx files', async () => {
    const api = examApi({ [EXAM.detail]: ok(weeklyDetail()) });
    await renderApp({
      path: '/exam/single/import?examId=2&examSubjectId=21',
      api,
      user: demoUser(),
      pages: examPages,
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('成绩文件'), new File(['a,b'], '成绩.csv'));
    expect(screen.getByRole('alert')).toHaveTextContent('请选择 .xlsx 格式的成绩文件');
    await waitFor(() => expect(screen.getByRole('button', { name: '导入' })).toBeDisabled());
  });
});
