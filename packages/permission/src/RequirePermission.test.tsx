import { ExamkitProvider, type ExamkitContextValue } from '@examkit/core/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import {
  createMemoryRouter,
  Link,
  MemoryRouter,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
} from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Authorized } from './Authorized';
import { DENIED_MESSAGE, DENIED_TITLE, PUBLIC_PATHS } from './constants';
import { RequirePermission } from './RequirePermission';
import { createTestExamkit } from './test/fixtures';

const systemRendered = vi.fn();
function SystemPage() {
  systemRendered();
  return <h1>系统管理</h1>;
}

function Where() {
  return <output aria-label="当前地址">{useLocation().pathname}</output>;
}

function Layout() {
  return (
    <>
      <nav>
        <Link to="/system">系统管理</Link>
        <Link to="/exam">考试管理</Link>
      </nav>
      <Where />
      <Outlet />
    </>
  );
}

const routes = (
  <Route element={<Layout />}>
    <Route path="/login" element={<RequirePermission>登录页</RequirePermission>} />
    {PUBLIC_PATHS.filter((p) => p !== '/login').map((path) => (
      <Route
        key={path}
        path={path}
        element={<RequirePermission>{`入口 ${path}`}</RequirePermission>}
      />
    ))}
    <Route element={<RequirePermission />}>
      <Route path="/home" element={<h1>首页</h1>} />
    </Route>
    <Route
      path="/system"
      element={
        <RequirePermission perm="System" fallback={<p>无权限</p>}>
          <SystemPage />
        </RequirePermission>
      }
    />
    <Route
      path="/exam"
      element={
        <RequirePermission perm={['Exam', 'Exam-Single']}>
          <h1>考试</h1>
        </RequirePermission>
      }
    />
  </Route>
);

function renderAt(
  path: string,
  examkit: ExamkitContextValue,
  wrap: (node: ReactNode) => ReactNode = (n) => n,
) {
  return render(
    wrap(
      <ExamkitProvider value={examkit}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
        </MemoryRouter>
      </ExamkitProvider>,
    ),
  );
}

const where = () => screen.getByRole('status', { name: '当前地址' }).textContent;

describe('RequirePermission without a session (spec 000 §4)', () => {
  it.each(['/home', '/system', '/exam'])('sends %s to /login', (path) => {
    renderAt(path, createTestExamkit(null));
    expect(where()).toBe('/login');
    expect(screen.getByText('登录页')).toBeInTheDocument();
  });

  it.each(PUBLIC_PATHS.filter((p) => p !== '/login'))('leaves %s open', (path) => {
    renderAt(path, createTestExamkit(null));
    expect(where()).toBe(path);
    expect(screen.getByText(`入口 ${path}`)).toBeInTheDocument();
  });

  it('never shows the notice for a missing session', () => {
    const examkit = createTestExamkit(null);
    renderAt('/system', examkit);
    expect(examkit.notifier.alert).not.toHaveBeenCalled();
    expect(systemRendered).not.toHaveBeenCalled();
  });
});

describe('RequirePermission for a signed-in user', () => {
  it('renders a permitted route, and a route without a key', () => {
    renderAt('/exam', createTestExamkit(['Home', 'Exam-Single']));
    expect(screen.getByRole('heading', { name: '考试' })).toBeInTheDocument();
    renderAt('/home', createTestExamkit(['Exam']));
    expect(screen.getByRole('heading', { name: '首页' })).toBeInTheDocument();
  });

  it('keeps the user on the current page and shows 禁止访问！ when a link leads to a denied route', async () => {
    const user = userEvent.setup();
    systemRendered.mockClear();
    const examkit = createTestExamkit(['Home']);
    renderAt('/home', examkit);
    await user.click(screen.getByRole('link', { name: '系统管理' }));
    expect(where()).toBe('/home');
    expect(screen.getByRole('heading', { name: '首页' })).toBeInTheDocument();
    expect(systemRendered).not.toHaveBeenCalled();
    expect(examkit.notifier.alert).toHaveBeenCalledTimes(1);
    expect(examkit.notifier.alert).toHaveBeenCalledWith(
      '禁止访问！',
      '对不起，您没有本页访问权限！',
    );
    expect(examkit.notifier.alert).toHaveBeenCalledWith(DENIED_TITLE, DENIED_MESSAGE);
    await user.click(screen.getByRole('link', { name: '系统管理' }));
    expect(where()).toBe('/home');
    expect(examkit.notifier.alert).toHaveBeenCalledTimes(2);
  });

  it('does the same once under StrictMode', async () => {
    const user = userEvent.setup();
    const examkit = createTestExamkit(['Home']);
    renderAt('/home', examkit, (node) => <StrictMode>{node}</StrictMode>);
    await user.click(screen.getByRole('link', { name: '系统管理' }));
    expect(where()).toBe('/home');
    expect(examkit.notifier.alert).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback and the notice for a denied URL opened directly', () => {
    systemRendered.mockClear();
    const examkit = createTestExamkit(['Home']);
    renderAt('/system', examkit);
    expect(where()).toBe('/system');
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(systemRendered).not.toHaveBeenCalled();
    expect(examkit.notifier.alert).toHaveBeenCalledTimes(1);
  });

  it('follows a role change at once', () => {
    const examkit = createTestExamkit(['Home', 'System']);
    renderAt('/system', examkit);
    expect(screen.getByRole('heading', { name: '系统管理' })).toBeInTheDocument();
    act(() => examkit.store.setState({ permCodes: ['Home'] }));
    expect(screen.queryByRole('heading', { name: '系统管理' })).not.toBeInTheDocument();
    expect(examkit.notifier.alert).toHaveBeenCalledTimes(1);
  });

  it('works in a data router too', async () => {
    const user = userEvent.setup();
    const examkit = createTestExamkit(['Home']);
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/home', element: <h1>首页</h1> },
            {
              path: '/system',
              element: <RequirePermission perm="System">系统页</RequirePermission>,
            },
          ],
        },
      ],
      { initialEntries: ['/home'] },
    );
    render(
      <ExamkitProvider value={examkit}>
        <RouterProvider router={router} />
      </ExamkitProvider>,
    );
    await user.click(screen.getByRole('link', { name: '系统管理' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('heading', { name: '首页' })).toBeInTheDocument();
    expect(screen.queryByText('系统页')).not.toBeInTheDocument();
    expect(examkit.notifier.alert).toHaveBeenCalledWith(DENIED_TITLE, DENIED_MESSAGE);
  });
});

describe('Authorized', () => {
  it('hides an element the user lacks the permission for, synchronously', () => {
    const examkit = createTestExamkit(['Home']);
    render(
      <ExamkitProvider value={examkit}>
        <Authorized perm="Home">
          <button type="button">首页设置</button>
        </Authorized>
        <Authorized perm="System" fallback={<span>无权限</span>}>
          <button type="button">角色管理</button>
        </Authorized>
      </ExamkitProvider>,
    );
    expect(screen.getByRole('button', { name: '首页设置' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '角色管理' })).not.toBeInTheDocument();
    expect(screen.getByText('无权限')).toBeInTheDocument();
    act(() => examkit.store.setState({ permCodes: ['System'] }));
    expect(screen.queryByRole('button', { name: '首页设置' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '角色管理' })).toBeInTheDocument();
  });
});
