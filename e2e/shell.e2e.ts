import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser';
import { browserSuite } from './support/suite';
import { signIn, axeViolations } from './support/app';

const PASSWORD = 'demo2026';

const app = browserSuite();

const { api, openLogin, signedIn } = app;

const topMenuTexts = (page: Page) =>
  page.getByRole('navigation', { name: '主菜单' }).getByRole('link').allInnerTexts();

describe('shell in the browser', () => {
  it('signs in with a password and shows the school figures on the home page', async () => {
    const page = await openLogin();
    await screenshot(page, 'shell-login');
    await signIn(page, 'admin');
    await page.waitForURL('**/home/index');
    const figures = page.getByLabel('学校概况');
    await figures.waitFor();
    for (const label of ['班级数', '学生数', '教师数', '年级数']) {
      expect(await figures.innerText()).toContain(label);
    }
    expect(await page.getByText(/\d{4}-\d{4}学年/).count()).toBeGreaterThan(0);
    await screenshot(page, 'shell-home');
    await page.context().close();
  });

  it('says "登录失败，…" for a wrong password and stays on /login', async () => {
    const page = await openLogin();
    await signIn(page, 'admin', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: '登录失败，' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('takes the brand variant from bv: title for 7, no footer for 1, footer by default', async () => {
    const seven = await openLogin('?bv=7');
    await seven.waitForFunction(() => document.title.includes('教学诊断平台'));
    await seven.context().close();

    const one = await openLogin('?bv=1');
    await signIn(one, 'director');
    await one.getByRole('banner').waitFor();
    expect(await one.getByRole('contentinfo').count()).toBe(0);
    await one.context().close();

    const plain = await signedIn('director');
    await plain.getByRole('contentinfo').waitFor();
    await plain.context().close();
  });

  it('builds different menus for admin and teacher', async () => {
    const admin = await signedIn('admin');
    const teacher = await signedIn('teacher');
    const adminMenu = await topMenuTexts(admin);
    const teacherMenu = await topMenuTexts(teacher);
    expect(adminMenu.length).toBeGreaterThan(teacherMenu.length);
    expect(adminMenu.join()).toContain('考试管理');
    expect(adminMenu).not.toEqual(teacherMenu);
    await admin.context().close();
    await teacher.context().close();
  });

  it('shows no 系统管理 entry to a teacher without a system page (issue #12)', async () => {
    const page = await signedIn('teacher');
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    expect(await page.getByRole('button', { name: '系统管理' }).count()).toBe(0);
    await page.context().close();
  });

  it('denies a guarded URL opened directly', async () => {
    const page = await signedIn('teacher');
    await page.goto(`${app.server.url}/system/role`);
    const alert = page.getByRole('alertdialog').filter({ hasText: '禁止访问！' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('对不起，您没有本页访问权限！');
    await screenshot(page, 'shell-denied');
    expect(new URL(page.url()).pathname).toBe('/system/role');
    expect(await page.getByRole('heading', { name: '角色管理' }).count()).toBe(0);
    await page.context().close();
  });

  it('changes the password with the current one and the rules of spec 000 §5: "修改成功", still signed in, then the old password fails', async () => {
    const page = await signedIn('grader');
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    await dialog.getByLabel('新密码', { exact: true }).focus();
    await dialog.getByLabel('确认密码', { exact: true }).focus();
    await dialog.getByText('请输入新密码').waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill('abc123x');
    await dialog.getByLabel('确认密码', { exact: true }).fill('abc123y');
    await dialog.getByLabel('新密码', { exact: true }).focus();
    await dialog.getByText('两次输入新密码不一致!').waitFor();
    await dialog.getByLabel('确认密码', { exact: true }).fill('abc123x');
    await dialog.getByLabel('原密码', { exact: true }).fill('wrong999');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('修改失败，原密码错误').waitFor();
    await dialog.getByLabel('原密码', { exact: true }).fill(PASSWORD);
    const changed = page.waitForResponse('**/update/pass');
    await dialog.getByRole('button', { name: '确定' }).click();
    const reply = (await (await changed).json()) as { code: number; message: string };
    expect(reply).toMatchObject({ code: 200 });
    await page.getByText('修改成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The session goes on: a page that calls the server still opens.
    await page.reload();
    await page.getByRole('banner').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');

    const again = await openLogin();
    await signIn(again, 'grader', PASSWORD);
    await again.getByRole('alert').filter({ hasText: '登录失败，' }).first().waitFor();
    await signIn(again, 'grader', 'abc123x');
    await again.getByRole('banner').waitFor();
    await page.context().close();
    await again.context().close();
  });

  it('logs out to /login and forgets the session', async () => {
    const page = await signedIn('director');
    await page.getByRole('button', { name: /用户菜单/ }).click();
    // Logging out goes to /login and reloads the page 100 ms later (core's logoutLocally): wait
    // for that reload, which would otherwise cut into the checks below.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: '退出' }).click();
    await reloaded;
    await page.waitForURL('**/login**');
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${app.server.url}/home/index`);
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('sends a revoked session to /login with "账号过期，请重新登录"', async () => {
    const page = await signedIn('head');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null,
    );
    expect(token).toBeTruthy();
    // The user has left the app when the session is revoked: an open page's own polls (unread
    // messages, the basket count) would meet the 431 first and say it there instead.
    await page.goto('about:blank');
    const reply = await api('/marking-login/login/wz_login_out', { token: token! });
    expect(reply.code).toBe(200);
    await page.goto(`${app.server.url}/home/index`);
    await page.getByText('账号过期，请重新登录').waitFor();
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('signs the history account in with last year’s roles and the badge 历史角色', async () => {
    const page = await signedIn('history');
    await page.getByText('历史角色').waitFor();
    await page.context().close();
  });

  it('signs in through /oauth with a hand-over token and removes it from the URL', async () => {
    const admin = await api<{ schoolId: number }>('/marking-login/login/school_login_pd', {
      form: { loginName: 'teacher', password: PASSWORD },
    });
    expect(admin.code).toBe(200);
    const handover = await api<{ token: string }>('/marking-login/login/handover', {
      body: {
        clientId: 'demo-portal',
        clientSecret: 'demo-portal-secret',
        loginName: 'teacher',
        schoolId: admin.data.schoolId,
      },
    });
    expect(handover.code).toBe(200);
    const token = handover.data.token;
    const page = await newPage(app.browser);
    await page.goto(`${app.server.url}/oauth?token=${encodeURIComponent(token)}`);
    await page.getByRole('banner').waitFor();
    expect(page.url()).not.toContain(token);
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.location.href)).not.toContain(token);

    // The token was single-use.
    const reuse = await newPage(app.browser);
    await reuse.goto(`${app.server.url}/oauth?token=${encodeURIComponent(token)}`);
    await reuse.getByRole('heading', { name: '统一登录失败' }).waitFor();
    await reuse.getByRole('link', { name: '返回登录页' }).waitFor();
    await page.context().close();
    await reuse.context().close();
  });

  it('shows a module page under construction with its second-level menu, and a 404 for unknown paths', async () => {
    const page = await signedIn('director');
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: '考试管理' })
      .click();
    await page.waitForURL('**/exam/single');
    // A built module: the exam list.
    await page.getByRole('heading', { name: '单校考试' }).waitFor();
    expect(await page.getByText('功能建设中').count()).toBe(0);
    // A page not built yet says so honestly, under its module's second-level menu: 微课视频
    // (docs/not-yet-built.md) is linked from no menu, so it is opened by its address.
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: '资源中心' })
      .click();
    await page.getByRole('navigation', { name: '资源中心菜单' }).waitFor();
    await page.goto(`${app.server.url}/resource/school/microVideo`);
    await page.getByRole('heading', { name: '微课视频' }).waitFor();
    await page.getByText('功能建设中').waitFor();
    await page.getByRole('navigation', { name: '资源中心菜单' }).waitFor();
    await screenshot(page, 'shell-module');
    await page.goto(`${app.server.url}/no/such/page`);
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await page.context().close();
  });

  it('has no serious accessibility violations on the login and home pages', async () => {
    const page = await openLogin();
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, 'admin');
    await page.getByLabel('学校概况').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
