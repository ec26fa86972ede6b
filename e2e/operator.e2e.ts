import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, signIn } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

/**
 * A school's administrator opens 系统管理 → 参数设置 by clicks and accepts the region's invitation
 * in 区域设置 (docs/joint-exams.md#consent).
 */
async function acceptInvitation(admin: Page, regionName: string) {
  await admin.getByRole('banner').getByRole('button', { name: '系统管理', exact: true }).click();
  await admin
    .getByRole('navigation', { name: '系统管理菜单', exact: true })
    .getByRole('link', { name: '参数设置' })
    .click();
  const section = admin.getByRole('region', { name: '区域设置' });
  await section.getByText(`${regionName}邀请本校加入区域`).waitFor();
  await section.getByRole('button', { name: `同意加入${regionName}` }).click();
  await section.getByText(`本校属于区域：${regionName}`).waitFor();
}

describe('the platform operator', () => {
  it('creates a region of the demo schools, told by a message, which accept it, one leaves it, and its bureau account signs in to them until disabled', async () => {
    // The operator signs in on the ordinary login page and lands on the console.
    const page = await app.openLogin();
    await signIn(page, 'operator');
    await page.getByRole('heading', { name: '平台运营控制台', level: 1 }).waitFor();
    const demo = page.getByRole('region', { name: /^示范区/ });
    await demo.getByRole('list', { name: '示范区的成员学校' }).waitFor();

    // The demo schools leave 示范区 (a school belongs to one region) …
    for (const school of ['示范中学', '实验中学']) {
      await demo.getByRole('button', { name: `从示范区移出${school}` }).click();
      await page.getByText('已移出区域').first().waitFor();
      await demo
        .getByRole('button', { name: `从示范区移出${school}` })
        .waitFor({ state: 'detached' });
    }

    // … a new district is created and invites both; they join when their administrators accept.
    const create = page.getByRole('region', { name: '新建区域' });
    await create.getByLabel('区域代码').fill('east-district');
    await create.getByLabel('区域名称').fill('东区');
    await create.getByLabel('区域级别').selectOption('district');
    await create.getByRole('button', { name: '创建区域' }).click();
    const east = page.getByRole('region', { name: /^东区/ });
    await east.getByText('暂无成员学校').waitFor();
    for (const school of ['示范中学', '实验中学']) {
      await east.getByLabel('加入东区的学校').selectOption({ label: school });
      await east.getByRole('button', { name: '邀请加入' }).click();
      await east.getByRole('button', { name: `撤回邀请：${school}` }).waitFor();
    }
    await east.getByText('暂无成员学校').waitFor();

    // A bureau account for it, with the forms' password rule.
    const form = east.getByRole('form', { name: '新建东区的教育局账号' });
    await form.getByLabel('账号').fill('east');
    await form.getByLabel('姓名').fill('东区教育局');
    await form.getByLabel('密码', { exact: true }).fill('abcdef');
    await form.getByRole('button', { name: '创建教育局账号' }).click();
    await page.getByText('密码须为至少6位的字母和数字组合').first().waitFor();
    await form.getByLabel('密码', { exact: true }).fill('east2026');
    await form.getByRole('button', { name: '创建教育局账号' }).click();
    await east
      .getByRole('list', { name: '东区的教育局账号' })
      .getByText('东区教育局（east）')
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-console');

    // The operator reads no school's data: the operator token opens no school route.
    const token = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('examkit.operator') ?? '{}') as { token: string }).token,
    );
    const students = await app.api('/marking-user/user/student/get_stu', {
      token,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(students.code).toBe(431);

    // Before any school accepts, the new account enters none of them.
    const early = await app.api('/marking-login/login/school_login_pd', {
      form: { loginName: 'east', password: 'east2026' },
    });
    expect(early).toMatchObject({ code: 6002, data: { schools: [] } });

    // Each school's administrator was told by a message (区域邀请) in 消息通知: 实验中学's
    // lab-admin follows it to 参数设置 and accepts in 区域设置 …
    const labAdmin = await app.signedIn('lab-admin');
    await labAdmin
      .getByRole('banner')
      .getByRole('link', { name: /^消息通知.*未读/ })
      .click();
    await labAdmin.waitForURL('**/new-home-message/index');
    await labAdmin
      .getByRole('list', { name: '消息列表' })
      .getByRole('link', { name: '区域邀请：东区' })
      .click();
    await labAdmin.getByText('东区邀请本校加入区域。', { exact: false }).first().waitFor();
    await screenshot(labAdmin, 'operator-school-invited-message');
    await labAdmin.getByRole('link', { name: '前往查看' }).click();
    await labAdmin.waitForURL('**/system/parm/level');
    const labRegion = labAdmin.getByRole('region', { name: '区域设置' });
    await labRegion.getByRole('button', { name: '同意加入东区' }).click();
    await labRegion.getByText('本校属于区域：东区').waitFor();
    expect(await axeViolations(labAdmin)).toEqual([]);
    await screenshot(labAdmin, 'operator-school-consent');
    // … and 示范中学's admin.
    await acceptInvitation(await app.signedIn('admin'), '东区');
    await page.reload();
    await east.getByRole('button', { name: '从东区移出实验中学' }).waitFor();
    await east.getByRole('button', { name: '从东区移出示范中学' }).waitFor();
    expect(await east.getByRole('list', { name: '东区待同意的学校' }).count()).toBe(0);

    // The new bureau account signs in and is offered the region's schools.
    const bureau = await app.openLogin();
    await signIn(bureau, 'east', 'east2026');
    const choice = bureau.getByRole('region', { name: '请选择登录学校' });
    await choice.getByRole('button', { name: '实验中学' }).waitFor();
    expect(await choice.getByRole('button').allInnerTexts()).toEqual(
      expect.arrayContaining(['示范中学', '实验中学']),
    );
    // Every signed-in page asks whether the AI assistant shows; the seat is told no, not refused.
    const assistantAsked = bureau.waitForResponse((r) => r.url().includes('isUserAiSession'));
    await choice.getByRole('button', { name: '示范中学' }).click();
    await bureau.getByRole('banner').waitFor();
    expect((await assistantAsked).status()).toBe(200);
    const switcher = bureau.getByLabel('切换学校');
    await switcher.waitFor();
    expect(await switcher.locator('option').allInnerTexts()).toEqual(['示范中学', '实验中学']);
    await bureau.getByRole('heading', { name: '最新报告' }).waitFor();
    expect(await bureau.getByText('不能修改学校的数据').count()).toBe(0);
    await screenshot(bureau, 'operator-bureau-schools');

    // 实验中学 leaves 东区 by itself (退出区域, confirmed): the bureau loses it at once.
    await labRegion.getByRole('button', { name: '退出区域' }).click();
    const confirm = labAdmin.getByRole('alertdialog', { name: '退出区域' });
    await confirm.getByText('该区域的教育局账号立即不能再进入本校', { exact: false }).waitFor();
    expect(await axeViolations(labAdmin)).toEqual([]);
    await screenshot(labAdmin, 'operator-school-leave-confirm');
    await confirm.getByRole('button', { name: '确定退出' }).click();
    await labRegion.getByText('本校尚未加入任何区域').waitFor();
    // Its open page in 示范中学 stays; its switcher offers no other school, nor does sign-in.
    const listed = bureau.waitForResponse((r) => r.url().includes('region/school_list'));
    await bureau.reload();
    expect(await (await listed).json()).toMatchObject({
      data: { schools: [{ schoolName: '示范中学' }] },
    });
    await bureau.getByRole('heading', { name: '最新报告' }).waitFor();
    expect(await bureau.getByLabel('切换学校').count()).toBe(0);
    const offered = await app.api('/marking-login/login/school_login_pd', {
      form: { loginName: 'east', password: 'east2026' },
    });
    expect(offered).toMatchObject({ code: 6002, data: { schools: [{ schoolName: '示范中学' }] } });
    expect((offered as { data: { schools: unknown[] } }).data.schools).toHaveLength(1);
    await page.reload();
    await east.getByRole('button', { name: '从东区移出示范中学' }).waitFor();
    expect(await east.getByRole('button', { name: '从东区移出实验中学' }).count()).toBe(0);

    // The operator disables (停用) the account: its open page loses its session at once …
    const accounts = east.getByRole('list', { name: '东区的教育局账号' });
    await accounts.getByRole('button', { name: '停用：east' }).click();
    await page.getByText('已停用，该账号的登录已全部失效').first().waitFor();
    await accounts.getByText('已停用', { exact: true }).waitFor();
    await bureau.reload();
    await bureau.getByRole('button', { name: '登录', exact: true }).waitFor();
    // … and the right password no longer signs it in.
    const refused = await app.openLogin();
    await signIn(refused, 'east', 'east2026');
    await refused.getByText('该账号已停用，请联系平台管理员').first().waitFor();
    expect(await refused.getByRole('region', { name: '请选择登录学校' }).count()).toBe(0);
    await screenshot(refused, 'operator-bureau-disabled');

    // The audit log lists what the operator did, newest first.
    const log = page.getByRole('region', { name: '操作日志' });
    await log.getByRole('cell', { name: '停用教育局账号' }).waitFor();
    const firstLine = log.getByRole('row').nth(1);
    expect(await firstLine.innerText()).toContain('停用教育局账号');
    expect(await firstLine.innerText()).toContain('east');
    expect(await log.innerText()).not.toContain('east2026');
    // The schools' own answers are there too, found with the log's filters.
    const search = log.getByRole('search', { name: '查找操作日志' });
    await search.getByLabel('学校').selectOption({ label: '实验中学' });
    await search.getByLabel('操作', { exact: true }).selectOption({ label: '学校退出区域' });
    // Polled on the whole log, so a failure shows what the page held instead.
    await expect.poll(() => log.innerText(), { timeout: 60_000 }).toContain('共 1 条');
    const leaveLine = await log.getByRole('row').nth(1).innerText();
    expect(leaveLine).toContain('学校退出区域');
    expect(leaveLine).toContain('（实验中学）');
    expect(leaveLine).toContain('东区');
    await search.getByLabel('操作', { exact: true }).selectOption({ label: '学校同意加入' });
    await log.getByRole('cell', { name: '学校同意加入' }).waitFor();
    await expect.poll(() => log.innerText(), { timeout: 60_000 }).toContain('共 1 条');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-audit-log');
  }, 240_000);
  it('平台运营账号: a second operator is created by clicks, signs in, gets a new password and is disabled, ending its session', async () => {
    const page = await app.openLogin();
    await signIn(page, 'operator');
    await page.getByRole('heading', { name: '平台运营控制台', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: '平台运营账号' });
    const list = section.getByRole('list', { name: '平台运营账号列表' });
    // The signed-in operator is marked and offers no 停用 of itself.
    await list.getByText('（当前账号）').waitFor();
    expect(await list.getByRole('button', { name: '停用运营账号：operator' }).count()).toBe(0);

    // 新建运营账号, with the forms' password rule.
    const form = section.getByRole('form', { name: '新建运营账号' });
    await form.getByLabel('运营账号', { exact: true }).fill('ops2');
    await form.getByLabel('运营账号姓名').fill('运营二');
    await form.getByLabel('运营账号密码').fill('abcdef');
    await form.getByRole('button', { name: '新建运营账号' }).click();
    await page.getByText('密码须为至少6位的字母和数字组合').first().waitFor();
    await form.getByLabel('运营账号密码').fill('ops22026');
    await form.getByRole('button', { name: '新建运营账号' }).click();
    await page.getByText('运营账号已创建').first().waitFor();
    await list.getByText('运营二（ops2）').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-accounts');

    // The new operator signs in on the login page and lands on the console.
    const second = await app.openLogin();
    await signIn(second, 'ops2', 'ops22026');
    await second.getByRole('heading', { name: '平台运营控制台', level: 1 }).waitFor();

    // 重置密码: the old password no longer signs it in, the new one does.
    await list.getByRole('button', { name: '重置密码：运营账号 ops2' }).click();
    await section.getByLabel('ops2的新密码').fill('ops2new2026');
    await section.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码已重置').first().waitFor();
    const old = await app.api('/marking-login/login/school_login_pd', {
      form: { loginName: 'ops2', password: 'ops22026' },
    });
    expect(old).toMatchObject({ msg: expect.stringContaining('账号或密码错误') });
    expect((old as { code: number }).code).not.toBe(6004);

    // 停用: its open console loses its session at once, and sign-in is refused.
    await list.getByRole('button', { name: '停用运营账号：ops2' }).click();
    await page.getByText('已停用，该账号的登录已全部失效').first().waitFor();
    await list.getByText('状态：已停用').waitFor();
    await second.reload();
    await second.getByRole('button', { name: '登录', exact: true }).waitFor();
    const refused = await app.openLogin();
    await signIn(refused, 'ops2', 'ops2new2026');
    await refused.getByText('该账号已停用，请联系平台管理员').first().waitFor();

    // The audit log has the three actions.
    const log = page.getByRole('region', { name: '操作日志' });
    await page.reload();
    await log.getByRole('cell', { name: '新建运营账号' }).waitFor();
    await log.getByRole('cell', { name: '重置运营账号密码' }).waitFor();
    await log.getByRole('cell', { name: '停用运营账号' }).waitFor();
    expect(await log.innerText()).not.toContain('ops2new2026');
  }, 240_000);
});
