import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRoutes, reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, doneJob, key, mockJobFile, ok, reportApi } from '../test/fixtures';

vi.mock('./Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
afterEach(() => vi.restoreAllMocks());

describe('grade transcripts as a download-centre job', () => {
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
      {
        ...doneJob('期中-成绩单.pdf', 7),
        state: 'running',
        progress: 33,
        stage: '正在生成成绩单 40/120',
      },
      doneJob('期中-成绩单.pdf', 7),
    ];
    let polls = 0;
    const fetched = mockJobFile('期中-成绩单.pdf', '%PDF-fake', 'application/pdf');
    const api = reportApi({
      [key(reportRoutes.gradeTranscript)]: ok({
        exam: EXAM,
        previousExam: null,
        page: { list: [], total: 0, pageNum: 1, pageSize: 20 },
      }),
      [key(reportRoutes.exportJobStart)]: ok({ jobId: 7 }),
      [key(downloadRoutes.downloadStatus)]: () =>
        ok(replies[Math.min(polls++, replies.length - 1)]!),
    });
    renderApp({
      path: '/exam/single/report/grade/transcript/5',
      api,
      user: directorUser(),
      pages: reportPages,
    });
    await user.click(await screen.findByRole('button', { name: '导出全部成绩单PDF' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('正在生成成绩单 40/120 33%，已加入下载中心');
    // where the job is listed: the download centre, in a new tab
    expect(within(status).getByRole('link', { name: '下载中心' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('progressbar', { name: '导出全部成绩单PDF进度' })).toHaveAttribute(
      'value',
      '33',
    );
    expect(api.lastBody(reportRoutes.exportJobStart.url)).toEqual({
      examId: 5,
      page: 'grade/transcripts',
      format: 'pdf',
    });
    const download = await screen.findByRole(
      'button',
      { name: '下载 期中-成绩单.pdf' },
      { timeout: 3000 },
    );
    await user.click(download);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('期中-成绩单.pdf');
    expect(String(fetched.mock.calls[0]![0])).toBe('/marking-download/job/file?jobId=7');
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
      [key(reportRoutes.exportJobStart)]: ok({ jobId: 3 }),
      [key(downloadRoutes.downloadStatus)]: ok(doneJob('期中-数学-原始成绩.csv', 3)),
    });
    mockJobFile('期中-数学-原始成绩.csv', 'x', 'text/csv');
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
    expect(api.lastBody(reportRoutes.exportJobStart.url)).toEqual({
      examId: 5,
      page: 'rawScores',
      format: 'csv',
      subjectId: second.id,
    });
  });
});
