import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations, signIn } from './support/app';
import { screenshot } from './support/browser';
import { browserSuite } from './support/suite';

const app = browserSuite();
const { openLogin } = app;

/** The code of the last message queued for a phone (the embedded sender's outbox). */
function lastCodeFor(tel: string): string {
  const db = new Database(join(app.server.dataDir, 'examkit.db'), { readonly: true });
  try {
    const row = db
      .prepare('select body from sms_outbox where tel = ? order by id desc limit 1')
      .get(tel) as { body: string } | undefined;
    return /(\d{6})/.exec(row?.body ?? '')?.[1] ?? '';
  } finally {
    db.close();
  }
}

describe('sign-in limits and 忘记密码 in the browser', () => {
  it('warns how many tries are left before the lock', async () => {
    const page = await openLogin();
    for (const expected of [
      '登录失败，账号或密码错误',
      '登录失败，账号或密码错误，还可尝试3次',
      '登录失败，账号或密码错误，还可尝试2次',
    ]) {
      await signIn(page, 'principal', 'not-the-password');
      await page.getByRole('alert').filter({ hasText: expected }).first().waitFor();
    }
    await page.context().close();
  });

  it('resets a forgotten password with a code sent to the phone, then signs in with it', async () => {
    const page = await openLogin();
    await page.getByRole('button', { name: '忘记密码' }).click();
    const form = page.getByRole('form', { name: '找回密码' });
    await form.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('手机号').fill('13800000003');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByText('验证码已发送，请查收短信').waitFor();
    const code = lastCodeFor('13800000003');
    expect(code).toMatch(/^\d{6}$/);
    await form.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await form.getByLabel('新密码', { exact: true }).fill('head2027x');
    await form.getByLabel('确认新密码').fill('head2027x');
    await form.getByRole('button', { name: '重置密码' }).click();
    await form.getByRole('alert').filter({ hasText: '重置失败，验证码错误' }).waitFor();
    await form.getByLabel('验证码').fill(code);
    await form.getByRole('button', { name: '重置密码' }).click();
    await page.getByRole('status').filter({ hasText: '密码已重置，请使用新密码登录' }).waitFor();
    await screenshot(page, 'auth-password-reset');
    await signIn(page, 'head', 'demo2026');
    await page.getByRole('alert').filter({ hasText: '登录失败，账号或密码错误' }).first().waitFor();
    await signIn(page, 'head', 'head2027x');
    await page.getByRole('banner').waitFor();
    await page.context().close();
  });
});
