import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { directorUser, fail, key, mockJobFile, ok, reportApi, EXAM } from '../test/fixtures';

vi.mock('../components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.restoreAllMocks());

const open = (path: string, api = reportApi()) =>
  renderApp({ path, api, user: directorUser(), pages: reportPages });

const bodyOf = (api: ReturnType<typeof reportApi>, url: string) => api.lastBody(url);

describe('grade report', () => {
  it('shows the grade figures rounded for display, with charts', async () => {
    await open('/exam/single/report/grade/basic/5');
    const table = await screen.findByRole('table', { name: '年级各学科成绩概况' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['学科', '满分', '平均分', '标准差', '优秀率', '及格率']));
    expect(rows[1]).toHaveTextContent('总分');
    expect(rows[1]).toHaveTextContent('201.46');
    expect(rows[1]).toHaveTextContent('18.35');
    expect(rows[1]).toHaveTextContent('81.25%');
    expect(rows[2]).toHaveTextContent('语文');
    expect(rows[2]).toHaveTextContent('20.00%');
    const classes = screen.getByRole('table', { name: '总分各班对比' });
    expect(within(classes).getAllByRole('row')[1]).toHaveTextContent('210.13');
    expect(screen.getByRole('img', { name: '总分各班平均分对比' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '总分分数段分布' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '总分临界生' })).toHaveTextContent('张三（175.5）');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(EXAM.name);
  });

  it('says 暂无数据 for a table without rows', async () => {
    const user = userEvent.setup();
    await open('/exam/single/report/grade/basic/5');
    await user.selectOptions(await screen.findByLabelText('详情学科'), '21');
    const table = screen.getByRole('table', { name: '语文各班对比' });
    expect(table).toHaveTextContent('暂无数据');
  });

  it('switches tabs by click and by keyboard', async () => {
    const user = userEvent.setup();
    const api = reportApi();
    const { router } = await open('/exam/single/report/grade/basic/5', api);
    const tab = await screen.findByRole('tab', { name: '基本情况' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: '排名分析' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/grade/rank/5'),
    );
    const ranking = await screen.findByRole('table', { name: '总分排名' });
    expect(within(ranking).getAllByRole('row')[1]).toHaveTextContent('张三');
    expect(within(ranking).getAllByRole('row')[1]).toHaveTextContent('280.5');
    expect(within(ranking).getAllByRole('row')[1]).toHaveTextContent('优秀');
    // 选考: the combination and the ranks within it and within 物理类
    expect(
      within(ranking)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['选考组合', '组合内排名', '类别', '类别内排名']));
    expect(within(ranking).getAllByRole('row')[1]).toHaveTextContent('物理+化学+生物');
    expect(within(ranking).getAllByRole('row')[1]).toHaveTextContent('物理类');
    expect(bodyOf(api, reportRoutes.gradeRank.url)).toMatchObject({ examId: 5, subjectId: 0 });
    // 一分一段 with the rank of each step's best student; every subject's as one workbook
    const segments = screen.getByRole('table', { name: '一分一段表' });
    expect(
      within(segments)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['分数', '人数', '累计人数', '名次']);
    expect(within(segments).getAllByRole('row')[1]).toHaveTextContent('28011');
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mockJobFile();
    await user.click(screen.getByRole('button', { name: '导出各科一分一段' }));
    await waitFor(() =>
      expect(bodyOf(api, reportRoutes.exportJobStart.url)).toEqual({
        examId: 5,
        page: 'grade/segments',
        format: 'xlsx',
      }),
    );

    const rank = screen.getByRole('tab', { name: '排名分析' });
    expect(rank).toHaveAttribute('aria-selected', 'true');
    rank.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/grade/ability/5'),
    );
  });

  it('exports the page as a download-centre job, then saves the .xlsx through a Blob link', async () => {
    const user = userEvent.setup();
    const fetched = mockJobFile();
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const api = reportApi();
    await open('/exam/single/report/grade/basic/5', api);
    await user.click(await screen.findByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('年级报告-基本情况.xlsx');
    expect(clicked[0]!.href).toBe('blob:report');
    expect(bodyOf(api, reportRoutes.exportJobStart.url)).toEqual({
      examId: 5,
      page: 'grade/basic',
      format: 'xlsx',
    });
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toContain('spreadsheetml');
    expect(blob.size).toBe('PK-fake'.length);
    // the file comes from the download-centre file route of job 1
    expect(String(fetched.mock.calls[0]![0])).toBe('/marking-download/job/file?jobId=1');
    // the header's entry and the notice beside the button both lead to the download centre
    const links = screen.getAllByRole('link', { name: '下载中心' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/new-home-download/index');
  });

  it('prints with window.print', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await open('/exam/single/report/grade/basic/5');
    await user.click(await screen.findByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalled();
  });

  it('shows the server message when the grade is out of scope', async () => {
    const api = reportApi({
      [key(reportRoutes.gradeBasic)]: fail(403, '超出数据范围：无权查看年级报告'),
    });
    await open('/exam/single/report/grade/basic/5', api);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '超出数据范围：无权查看年级报告',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出Excel' })).not.toBeInTheDocument();
  });
});

describe('class report', () => {
  it('offers only the classes in scope and loads the chosen one', async () => {
    const user = userEvent.setup();
    const api = reportApi({
      [key(reportRoutes.teacherClassOverview)]: ok({
        exam: { ...EXAM, classes: [{ id: 102, name: '高一(2)班' }], subjects: [EXAM.subjects[1]] },
        classes: [],
      }),
    });
    const { router } = await open('/exam/single/report/class/basic/5', api);
    const picker = await screen.findByLabelText('班级');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['高一(2)班']);
    await waitFor(() =>
      expect(bodyOf(api, reportRoutes.classBasic.url)).toEqual({ examId: 5, classId: 102 }),
    );
    const table = await screen.findByRole('table', { name: /各学科成绩概况/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('数学');
    expect(row).toHaveTextContent('99.88');
    expect(row).toHaveTextContent('3.12%');
    expect(row).toHaveTextContent('1/2');

    await user.click(screen.getByRole('tab', { name: '成绩单' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/class/transcript/5'),
    );
  });

  it('shows the server message when the class is refused', async () => {
    const api = reportApi({
      [key(reportRoutes.classBasic)]: fail(403, '超出数据范围：无权查看该班级的报告'),
    });
    await open('/exam/single/report/class/basic/5?classId=101', api);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '超出数据范围：无权查看该班级的报告',
    );
  });

  it('keeps the chosen class in the query string', async () => {
    const user = userEvent.setup();
    const api = reportApi();
    const { router } = await open('/exam/single/report/class/basic/5', api);
    await user.selectOptions(await screen.findByLabelText('班级'), '102');
    await waitFor(() => expect(router.state.location.search).toBe('?classId=102'));
    await waitFor(() =>
      expect(bodyOf(api, reportRoutes.classBasic.url)).toEqual({ examId: 5, classId: 102 }),
    );
    await act(async () => {});
  });
});
