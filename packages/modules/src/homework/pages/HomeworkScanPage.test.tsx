import { screen, within } from '@testing-library/react';
import {
  homeworkSubmissionRoutes,
  type CorrectionOverview,
  type HomeworkScanOverview,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { homeworkApi, K } from '../test/fixtures';

const R = homeworkSubmissionRoutes;

afterEach(() => vi.restoreAllMocks());

const overview: CorrectionOverview = {
  id: 5,
  name: '函数单元检测',
  questions: [{ no: 1, label: '1', type: 'objective', answer: 'A', fullMarks: 5 }],
  students: [],
  rubric: [],
};

const page = (id: number, fileName: string, n: number, studentName: string) => ({
  id,
  fileName,
  status: 'matched' as const,
  reason: null,
  studentNoRead: n === 1 ? '2026040101' : null,
  studentName,
  submissionId: 11,
  createdAt: 1_764_000_000_000,
  page: n,
});

describe('作业扫描 of a multi-page sheet', () => {
  it('shows each scan’s page, the complete hand-ins and who still misses a page', async () => {
    const scans: HomeworkScanOverview = {
      expected: 40,
      submitted: 1,
      openExceptions: 0,
      pageCount: 2,
      incomplete: [{ studentName: '王二', studentNo: '2026040102', missingPages: [2] }],
      pages: [
        page(3, 'b-1.png', 1, '王二'),
        page(2, 'a-2.png', 2, '张一'),
        page(1, 'a-1.png', 1, '张一'),
      ],
    };
    const api = homeworkApi({
      [K(R.scanList)]: ok(scans),
      [K(R.correctOverview)]: ok(overview),
    });
    renderApp({
      path: '/homework/school-base/5/scan',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    expect(
      await screen.findByText(/应交 40 人，已交 1 人，待处理异常 0 个，缺页 1 人/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/本作业答题卡共 2 页/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: '缺页的学生' })).getByRole('listitem'),
    ).toHaveTextContent('王二（2026040102）缺第 2 页');
    const table = screen.getByRole('table', { name: '扫描记录' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      '第 1 页',
      '第 2 页',
      '第 1 页',
    ]);
    expect(rows[1]).toHaveTextContent('张一');
  }, 30_000);
});
