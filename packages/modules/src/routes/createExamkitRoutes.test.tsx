import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  SCHOOL_ROUTES,
  createFakeApi,
  demoUser,
  ok,
  renderApp,
  teacherUser,
} from '../test/fixtures';

describe('createExamkitRoutes', () => {
  it('redirects / to /login', async () => {
    const { router } = await renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('sends a visitor without a session from a guarded page to /login', async () => {
    const { router } = await renderApp({ path: '/exam/single' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('renders the home page with the school figures of get_detail_school', async () => {
    await renderApp({ path: '/home/index', user: demoUser() });
    const figures = await screen.findByLabelText('学校概况');
    expect(figures).toHaveTextContent('班级数36');
    expect(figures).toHaveTextContent('学生数1620');
    expect(figures).toHaveTextContent('教师数142');
    expect(figures).toHaveTextContent('年级数6');
    expect(screen.getByText(/2026-2027学年/)).toBeInTheDocument();
  });

  it('shows 功能建设中 with the title for a page whose module is not built', async () => {
    await renderApp({ path: '/exam/single/edit/3', user: demoUser() });
    expect(await screen.findByRole('heading', { name: '编辑考试' })).toBeInTheDocument();
    expect(screen.getByText('功能建设中')).toBeInTheDocument();
  });

  it('forwards a parent path to its default child', async () => {
    const { router } = await renderApp({
      path: '/system/parm',
      user: demoUser({ allPerm: { '2026': { '1': ['System', 'System-Parm', 'Parm-Level'] } } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/parm/level'));
  });

  it('opens the first child a user may see on a parent path, never 页面不存在', async () => {
    const { router } = await renderApp({ path: '/system/student', user: demoUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/student/list'));
    expect(screen.queryByRole('heading', { name: '页面不存在' })).not.toBeInTheDocument();
  });

  it('opens the class report of the newest exam with a report on /exam/single/report/class', async () => {
    const api = createFakeApi(SCHOOL_ROUTES);
    api.on(
      'POST /marking-report/teacher/getExam',
      ok({
        list: [
          {
            examId: 41,
            name: '期中考试',
            examType: '期中',
            examDate: '2026-11-10',
            gradeId: 1,
            gradeName: '高一',
            state: 'published',
            published: true,
            gradeReport: false,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 50,
      }),
    );
    const codes = ['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Class'];
    const { router } = await renderApp({
      path: '/exam/single/report/class',
      api,
      user: demoUser({ allPerm: { '2026': { '1': codes } } }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/class/basic/41'),
    );
  });

  it('says so when no exam has a report yet, and denies a parent path with no child in reach', async () => {
    const api = createFakeApi(SCHOOL_ROUTES);
    api.on(
      'POST /marking-report/teacher/getExam',
      ok({ list: [], total: 0, pageNum: 1, pageSize: 50 }),
    );
    const codes = ['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Class'];
    await renderApp({
      path: '/exam/single/report/class',
      api,
      user: demoUser({ allPerm: { '2026': { '1': codes } } }),
    });
    expect(await screen.findByRole('heading', { name: '暂无可查看的报告' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回考试列表' })).toHaveAttribute(
      'href',
      '/exam/single',
    );
  });

  it('denies a parent path whose children the user may not see', async () => {
    await renderApp({ path: '/system/student', user: teacherUser() });
    expect(await screen.findAllByText('对不起，您没有本页访问权限！')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { name: '页面不存在' })).not.toBeInTheDocument();
  });

  it('denies a signed-in user a page whose key they lack', async () => {
    await renderApp({ path: '/system/role', user: teacherUser() });
    expect(await screen.findAllByText('对不起，您没有本页访问权限！')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { name: '角色管理' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    await renderApp({ path: '/no/such/page', user: demoUser() });
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
  });

  it('gives /ability-growth/* its container and says the sub-application is not configured', async () => {
    const { container } = await renderApp({ path: '/ability-growth/home', user: demoUser() });
    expect(await screen.findByText(/独立部署的子应用，当前环境未配置/)).toBeInTheDocument();
    expect(container.ownerDocument.getElementById('ability-growth')).not.toBeNull();
  });

  it('scrolls to the top on navigation', async () => {
    const { router } = await renderApp({ path: '/home/index', user: demoUser() });
    await screen.findByRole('banner');
    const scroll = vi.mocked(window.scrollTo);
    scroll.mockClear();
    await router.navigate('/exam/single');
    await waitFor(() => expect(scroll).toHaveBeenCalledWith(0, 0));
  });
});
