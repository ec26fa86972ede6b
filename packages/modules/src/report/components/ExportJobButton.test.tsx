import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, key, ok, reportApi } from '../test/fixtures';

vi.mock('./Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
afterEach(() => vi.restoreAllMocks());

describe('grade transcripts as a background export', () => {
  it('starts the job, shows its progress, then downloads the PDF', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    // the server reports 40 of 120 students, then done
    const replies = [
      { state: 'running', done: 40, total: 120, fileName: null, message: null },
      { state: 'done', done: 120, total: 120, fileName: '期中-成绩单.pdf', message: null },
    ];
    let polls = 0;
    const api = reportApi({
      [key(reportRoutes.gradeTranscript)]: ok({
        exam: EXAM,
        previousExam: null,
        page: { list: [], total: 0, pageNum: 1, pageSize: 20 },
      }),
      [key(reportRoutes.exportJobStart)]: ok({ jobId: 7 }),
      [key(reportRoutes.exportJobStatus)]: () =>
        ok({ jobId: 7, ...replies[Math.min(polls++, replies.length - 1)]! }),
      [key(reportRoutes.exportJobFile)]: ok({
        fileName: '期中-成绩单.pdf',
        contentType: 'application/pdf',
        contentBase64: btoa('%PDF-fake'),
      }),
    });
    renderApp({
      path: '/exam/single/report/grade/transcript/5',
      api,
      user: directorUser(),
      pages: reportPages,
    });
    await user.click(await screen.findByRole('button', { name: '导出全部成绩单PDF' }));
    expect(await screen.findByRole('status')).toHaveTextContent('正在导出 40/120');
    expect(screen.getByRole('progressbar', { name: '导出全部成绩单PDF进度' })).toHaveAttribute(
      'value',
      '40',
    );
    const download = await screen.findByRole(
      'button',
      { name: '下载 期中-成绩单.pdf' },
      { timeout: 3000 },
    );
    await user.click(download);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('期中-成绩单.pdf');
  });

  it('exports a subject’s raw scores as CSV', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const api = reportApi({
      [key(reportRoutes.gradeTranscript)]: ok({
        exam: EXAM,
        previousExam: null,
        page: { list: [], total: 0, pageNum: 1, pageSize: 20 },
      }),
      [key(reportRoutes.exportReport)]: ok({
        fileName: '期中-数学-原始成绩.csv',
        contentType: 'text/csv; charset=utf-8',
        contentBase64: btoa('x'),
      }),
    });
    renderApp({
      path: '/exam/single/report/grade/transcript/5',
      api,
      user: directorUser(),
      pages: reportPages,
    });
    const subject = await screen.findByLabelText('原始成绩科目');
    const second = EXAM.subjects[1]!;
    await user.selectOptions(subject, String(second.id));
    await user.click(screen.getByRole('button', { name: '导出原始成绩CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('期中-数学-原始成绩.csv');
    expect(api.lastBody(reportRoutes.exportReport.url)).toEqual({
      examId: 5,
      page: 'rawScores',
      format: 'csv',
      subjectId: second.id,
    });
  });
});
