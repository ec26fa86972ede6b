import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { demoUser, renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, key, ok, reportApi } from '../test/fixtures';

vi.mock('./Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.restoreAllMocks());

const open = (path: string, api = reportApi()) =>
  renderApp({ path, api, user: directorUser(), pages: reportPages });

describe('the tabbed report scaffold', () => {
  it('keeps the chosen class and subject when the class report changes tab', async () => {
    const user = userEvent.setup();
    const { router } = await open('/exam/single/report/class/basic/5?classId=102&subjectId=22');
    await user.click(await screen.findByRole('tab', { name: '能力分析' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/class/ability/5'),
    );
    expect(router.state.location.search).toBe('?classId=102&subjectId=22');
  });

  it('opens 分组对比 from the grade report’s 自定义报告 tab, keeping the query', async () => {
    const user = userEvent.setup();
    const { router } = await open('/exam/single/report/grade/basic/5?subjectId=22');
    await user.click(await screen.findByRole('tab', { name: '自定义报告' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/grade/custom/5/customGroup'),
    );
    expect(router.state.location.search).toBe('?subjectId=22');
    expect(
      await screen.findByRole('tab', { name: '分组对比', selected: true }),
    ).toBeInTheDocument();
  });

  it('offers only printing on a page the server does not export', async () => {
    const api = reportApi({
      [key(reportRoutes.classCustom)]: ok({
        exam: EXAM,
        classId: 101,
        className: '高一(1)班',
        rows: [],
      }),
    });
    await open('/exam/single/report/class/custom/5?classId=101', api);
    expect(await screen.findByRole('table', { name: '自定义等级' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '打印' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载PDF' })).not.toBeInTheDocument();
  });

  it('exports the whole grade, without a class, from a grade page', async () => {
    const user = userEvent.setup();
    const api = reportApi();
    await open('/exam/single/report/grade/basic/5?classId=101', api);
    await user.click(await screen.findByRole('button', { name: '导出Excel' }));
    await waitFor(() =>
      expect(api.lastBody(reportRoutes.exportJobStart.url)).toEqual({
        examId: 5,
        page: 'grade/basic',
        format: 'xlsx',
      }),
    );
  });

  it('leads to 预警报告打印, of the chosen class from a class page', async () => {
    const user = userEvent.setup();
    const { router } = await open('/exam/single/report/class/basic/5?classId=102');
    await user.click(await screen.findByRole('button', { name: '预警报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/print/5/warningReport'));
    expect(router.state.location.search).toBe('?classId=102');
  });

  it('shows 预警报告 only with Exam-Single, the key of the print page', async () => {
    const reportsOnly = demoUser({
      allPerm: { '2026': { '1': ['Home', 'Exam', 'Exam-Single-Report-Grade'] } },
    });
    await renderApp({
      path: '/exam/single/report/grade/basic/5',
      api: reportApi(),
      user: reportsOnly,
      pages: reportPages,
    });
    expect(await screen.findByRole('button', { name: '导出Excel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '预警报告' })).not.toBeInTheDocument();
  });
});
