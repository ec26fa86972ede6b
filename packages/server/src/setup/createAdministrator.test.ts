import { authRoutes, type UserInfo } from '@examkit/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import { createServer } from '../server';
import { call, createTestDatabase, DIALECTS, TEST_NOW, type TestDatabase } from '../test/fixtures';
import { administratorInputError, createAdministrator } from './createAdministrator';

describe.each(DIALECTS)('the first administrator on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  it('creates a school and an administrator who signs in with every permission', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const { schoolId } = await createAdministrator(db, {
      schoolName: '第一中学',
      loginName: 'principal',
      password: 'Start2026',
      now: TEST_NOW.getTime(),
    });
    const stored = await db
      .selectFrom('users')
      .select('password_hash')
      .where('login_name', '=', 'principal')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const app = await createServer({
      database: database.schema ? { db, schema: database.schema } : { db },
      clock: createFakeClock(TEST_NOW),
      logger: { level: 'silent' },
      secret: 'test-secret',
      nodeEnv: 'test',
    });
    try {
      const wrong = await call(app, authRoutes.loginPassword, {
        body: { loginName: 'principal', password: 'demo2026' },
      });
      expect(wrong.body.msg).toContain('账号或密码错误');
      const ok = await call<UserInfo>(app, authRoutes.loginPassword, {
        body: { loginName: 'principal', password: 'Start2026' },
      });
      expect(ok.body.code).toBe(200);
      expect(ok.body.data).toMatchObject({
        schoolId,
        schoolName: '第一中学',
        nickName: '系统管理员',
      });
      expect(ok.body.data.roles.map((r) => r.roleName)).toEqual(['学校管理员']);
      expect(ok.body.data.perms.map((p) => p.permCode)).toContain('System-Teacher');
    } finally {
      await app.close();
    }
    await expect(
      createAdministrator(db, {
        schoolName: '第一中学',
        loginName: 'other',
        password: 'Start2026',
      }),
    ).rejects.toThrow('学校「第一中学」已存在');
  });
});

describe('administrator input', () => {
  it.each([
    [{ schoolName: '', loginName: 'admin', password: 'Start2026' }, '请输入学校名称（至多64字）'],
    [
      { schoolName: '一中', loginName: 'a', password: 'Start2026' },
      '登录名须为2到64位的字母、数字或 _ . @ -',
    ],
    [{ schoolName: '一中', loginName: 'admin', password: 'short1' }, null],
    [
      { schoolName: '一中', loginName: 'admin', password: 'abcdef' },
      '密码须为至少6位的字母和数字组合',
    ],
    [
      { schoolName: '一中', loginName: 'admin', password: '12345' },
      '密码须为至少6位的字母和数字组合',
    ],
  ])('%o → %s', (input, message) => {
    expect(administratorInputError(input)).toBe(message);
  });
});
