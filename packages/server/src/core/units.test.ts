import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock';
import { coerceStrings } from './coerce';
import { loadConfig } from './config';
import { httpStatusOf } from './envelope';
import { isAcceptablePassword } from './password';
import { AccountLocks, AttemptLimiter } from './rateLimit';
import { validationMessage } from './validationMessage';

describe('validationMessage', () => {
  it.each([
    [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'loginName' } },
      '请求参数错误：账号不能为空',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } },
      '请求参数错误：不支持的字段 x',
    ],
    [{ keyword: 'pattern', instancePath: '/tel', params: {} }, '请求参数错误：手机号格式不正确'],
    [
      { keyword: 'maxLength', instancePath: '/loginName', params: { limit: 64 } },
      '请求参数错误：账号长度不能超过 64 位',
    ],
    [
      { keyword: 'minimum', instancePath: '/schoolId', params: { limit: 1 } },
      '请求参数错误：学校不能小于 1',
    ],
    [
      { keyword: 'minLength', instancePath: '/newPassWord', params: { limit: 6 } },
      '请求参数错误：密码须为至少6位的字母和数字组合',
    ],
    [
      { keyword: 'type', instancePath: '/subjects/1/fullMarks', params: { type: 'number' } },
      '请求参数错误：考试科目第2项的满分应为数字',
    ],
  ])('%j → %s', (issue, message) => {
    expect(validationMessage([issue])).toBe(message);
  });

  it('prefers the schema’s own title of a field', () => {
    const schema = { properties: { name: { type: 'string', title: '考试名称' } } };
    const issue = { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } };
    expect(validationMessage([issue], schema)).toBe('请求参数错误：考试名称不能为空');
    expect(validationMessage([issue])).toBe('请求参数错误：名称不能为空');
  });
});

describe('coerceStrings', () => {
  const schema = {
    properties: {
      schoolId: { type: 'integer' },
      name: { type: 'string' },
      on: { type: 'boolean' },
    },
  };
  it('turns integer-looking strings into numbers only where the schema wants integers', () => {
    expect(coerceStrings(schema, { schoolId: '12', name: '34', on: 'true' })).toEqual({
      schoolId: 12,
      name: '34',
      on: true,
    });
    expect(coerceStrings(schema, { schoolId: '1.5' })).toEqual({ schoolId: '1.5' });
    expect(coerceStrings(schema, { schoolId: '' })).toEqual({ schoolId: '' });
  });
});

describe('httpStatusOf', () => {
  it.each([
    [200, 200],
    [400, 400],
    [413, 413],
    [429, 429],
    [431, 401],
    [6002, 200],
    [6003, 200],
  ])('code %i travels as HTTP %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });
});

describe('isAcceptablePassword', () => {
  it.each([
    ['demo2026', true],
    ['abc123', true],
    ['abcdef', false],
    ['123456', false],
    ['ab1', false],
    [`a1${'x'.repeat(63)}`, false],
  ])('%s → %s', (password, accepted) => {
    expect(isAcceptablePassword(password)).toBe(accepted);
  });
});

describe('AttemptLimiter', () => {
  it('allows the limit within the window and again once it slides on', () => {
    const clock = createFakeClock(new Date(0));
    const limiter = new AttemptLimiter(clock, 3, 1000);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    expect(limiter.hit('a')).toBe(1000);
    expect(limiter.hit('b')).toBe(0);
    clock.advance(1000);
    expect(limiter.hit('a')).toBe(0);
  });
});

describe('AccountLocks', () => {
  const settings = { accountFailures: 2, accountWindowMs: 10_000, accountLockMs: 5_000 };

  it('locks after the failures and only time lifts the lock', () => {
    const clock = createFakeClock(new Date(0));
    const locks = new AccountLocks(clock, settings);
    expect(locks.reserve('x')?.fail()).toBe(1);
    expect(locks.lockedFor('x')).toBe(0);
    expect(locks.reserve('x')?.fail()).toBe(0);
    expect(locks.lockedFor('x')).toBe(5_000);
    expect(locks.reserve('x')).toBeNull();
    clock.advance(5_000);
    expect(locks.lockedFor('x')).toBe(0);
    expect(locks.reserve('x')).not.toBeNull();
  });

  it('counts tries in flight: no more than the limit are reserved at once', () => {
    const clock = createFakeClock(new Date(0));
    const locks = new AccountLocks(clock, settings);
    const first = locks.reserve('x');
    const second = locks.reserve('x');
    expect(first && second).toBeTruthy();
    expect(locks.reserve('x')).toBeNull();
    first?.release();
    const third = locks.reserve('x');
    expect(third).not.toBeNull();
    second?.succeed();
    third?.succeed();
    expect([locks.reserve('x'), locks.reserve('x')].every(Boolean)).toBe(true);
  });

  it('a success forgets the failures; clear lifts a lock', () => {
    const clock = createFakeClock(new Date(0));
    const locks = new AccountLocks(clock, settings);
    expect(locks.reserve('x')?.fail()).toBe(1);
    locks.reserve('x')?.succeed();
    expect(locks.reserve('x')?.fail()).toBe(1);
    expect(locks.reserve('x')?.fail()).toBe(0);
    expect(locks.lockedFor('x')).toBe(5_000);
    locks.clear('x');
    expect(locks.lockedFor('x')).toBe(0);
    expect(locks.reserve('x')).not.toBeNull();
  });
});

describe('loadConfig', () => {
  it('defaults to SQLite in .data on 127.0.0.1:8080', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: '/srv/app/.data/examkit.db' },
      corsOrigins: [],
      nodeEnv: 'production',
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
  });

  it('reads the joint DuckDB threshold: 50,000 by default, 0 allowed, a negative one refused', () => {
    expect(loadConfig({}, '/srv/app').jointDuckMinStudents).toBe(50_000);
    expect(loadConfig({ JOINT_DUCKDB_MIN_STUDENTS: '0' }, '/srv/app').jointDuckMinStudents).toBe(0);
    expect(() => loadConfig({ JOINT_DUCKDB_MIN_STUDENTS: '-1' }, '/srv/app')).toThrow(
      'JOINT_DUCKDB_MIN_STUDENTS',
    );
  });

  it('reads PostgreSQL, CORS origins and the static dir from the environment', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u@db/examkit',
        CORS_ORIGINS: 'https://a.example, https://b.example',
        STATIC_DIR: 'web/dist',
        HOST: '0.0.0.0',
        PORT: '9000',
        ABILITY_GROWTH_HOST: 'https://growth.example/',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      database: { dialect: 'postgres', connectionString: 'postgres://u@db/examkit' },
      corsOrigins: ['https://a.example', 'https://b.example'],
      staticDir: '/srv/app/web/dist',
      abilityGrowthHost: 'https://growth.example/',
    });
  });

  it('refuses a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
