import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSISTANT_FREQUENCY_EXPORT_URL, homeworkAssistantRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkbook, W, withTeachingClassApi, workbookApi } from '../test/workbook';
import { mockXlsxDownload, ok } from '../../test/fixtures';
import { bodiesOf, frequencyRow, K } from '../test/fixtures';
afterEach(() => vi.restoreAllMocks());

describe('教辅: 学生分析与错题', () => {
  it('学生分析 → one student’s chapters → the student’s report; the class filter asks again', async () => {
    const user = userEvent.setup();
    const api = withTeachingClassApi();
    await renderWorkbook('/homework/teaching-assistant/batchDetail?id=3', api);
    await user.click(await screen.findByRole('link', { name: '学生分析' }, { timeout: 10_000 }));
    const table = await screen.findByRole('table', { name: '学生分析' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '2026040101王小明四年级(1)班18未布置1/190%作业',
    );
    const filter = screen.getByRole('combobox', { name: '班级' });
    await user.selectOptions(filter, '四年级(1)班');
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookStudents)).at(-1)).toEqual({
        workbookId: 3,
        classId: 41,
        teachingClassId: null,
      }),
    );
    // A teaching class of the workbook as the 班级 filter.
    await user.selectOptions(filter, '数学提高班（教学班）');
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookStudents)).at(-1)).toEqual({
        workbookId: 3,
        classId: null,
        teachingClassId: 7,
      }),
    );
    await user.click(within(table).getByRole('link', { name: '王小明的作业' }));
    const mine = await screen.findByRole('table', { name: '学生作业' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookStudentHomework))).toEqual([
      { workbookId: 3, studentId: 101 },
    ]);
    const rows = within(mine).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('2第二单元 公顷和平方千米未布置—50');
    expect(within(rows[1]!).getByRole('link', { name: '第一单元 大数的认识错题' })).toHaveAttribute(
      'href',
      '/homework/school-base/student/101/report/wrong?id=5',
    );
  }, 30_000);

  it('错题 of the whole workbook, each leading to its chapter’s 讲评; a teaching class as the filter', async () => {
    const user = userEvent.setup();
    const api = withTeachingClassApi();
    await renderWorkbook('/homework/teaching-assistant/wrong?workbookId=3', api);
    const table = await screen.findByRole('table', { name: '错题' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookWrong))).toEqual([
      { workbookId: 3, classId: null, teachingClassId: null },
    ]);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: '班级' }),
      '数学提高班（教学班）',
    );
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookWrong)).at(-1)).toEqual({
        workbookId: 3,
        classId: null,
        teachingClassId: 7,
      }),
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('第一单元 大数的认识2客观题5381950%C王小明');
    expect(within(row).getByRole('link', { name: '讲评第一单元 大数的认识' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/comment?id=5',
    );
  }, 30_000);

  it('导出高频错题 page: from 高频错题, the count, then the download', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(homeworkAssistantRoutes.assistantFrequency)]: ok([frequencyRow('第一单元')]),
    });
    await renderWorkbook('/homework/teaching-assistant/frequency', api);
    await user.click(await screen.findByRole('link', { name: '按条件导出' }, { timeout: 10_000 }));
    expect(await screen.findByText('共 1 道错题', {}, { timeout: 10_000 })).toBeInTheDocument();
    const fetchMock = mockXlsxDownload();
    await user.click(screen.getByRole('button', { name: '下载表格' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `${ASSISTANT_FREQUENCY_EXPORT_URL}?gradeId=4&subjectId=2&period=30`,
    );
  }, 30_000);
});
