import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, signIn } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

describe('the platform operator', () => {
  it('creates a region of the demo schools and its bureau account, which signs in to them', async () => {
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

    // … a new district is created and both join it.
    const create = page.getByRole('region', { name: '新建区域' });
    await create.getByLabel('区域代码').fill('east-district');
    await create.getByLabel('区域名称').fill('东区');
    await create.getByLabel('区域级别').selectOption('district');
    await create.getByRole('button', { name: '创建区域' }).click();
    const east = page.getByRole('region', { name: /^东区/ });
    await east.getByText('暂无成员学校').waitFor();
    for (const school of ['示范中学', '实验中学']) {
      await east.getByLabel('加入东区的学校').selectOption({ label: school });
      await east.getByRole('button', { name: '加入区域' }).click();
      await east.getByRole('button', { name: `从东区移出${school}` }).waitFor();
    }

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
  }, 180_000);
});
