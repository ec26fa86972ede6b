import {
  administrationRoutes,
  authRoutes,
  operatorRoutes,
  ResultCode,
  type DataOf,
  type SchoolOption,
} from '@examkit/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_OPERATOR_MESSAGE } from '../core/router';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { DEMO_OPERATOR } from '../seed/seedRegion';
import {
  call,
  DIALECTS,
  signIn,
  startTestServer,
  TEST_NOW,
  type TestServer,
} from '../test/fixtures';

type Region = DataOf<typeof operatorRoutes.createRegion>;
type Overview = DataOf<typeof operatorRoutes.overview>;

describe.each(DIALECTS)('the platform operator on %s', (dialect) => {
  let server: TestServer;
  let outsideId: number;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const outside = await server.db
      .insertInto('schools')
      .values({ code: 'outside-op', name: '区外中学', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    outsideId = outside.id;
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.clock.set(TEST_NOW));

  const op = <T>(
    route: (typeof operatorRoutes)[keyof typeof operatorRoutes],
    body = {},
    t = token,
  ) => call<T>(server.app, route, { token: t, body });

  it('signs in through school_login_pd and gets an operator token (6004), not a school session', async () => {
    const wrong = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: DEMO_OPERATOR.login, password: 'wrong123' },
    });
    expect(wrong.body.code).toBe(400);
    const answer = await call<{ token: string; nickName: string }>(
      server.app,
      authRoutes.loginPassword,
      { body: { loginName: DEMO_OPERATOR.login, password: DEMO_PASSWORD } },
    );
    expect(answer.body.code).toBe(ResultCode.PlatformOperator);
    expect(answer.body.data.nickName).toBe(DEMO_OPERATOR.name);
    token = answer.body.data.token;
    // The operator token opens no school route…
    const students = await call(server.app, administrationRoutes.getStudents, {
      token,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(students.body.code).toBe(ResultCode.SessionExpired);
    // …and the console lists schools by name, the demo district with its bureau account.
    const overview = await op<Overview>(operatorRoutes.overview);
    expect(overview.body.code).toBe(200);
    expect(overview.body.data.nickName).toBe(DEMO_OPERATOR.name);
    expect(overview.body.data.regions.map((r) => r.name)).toEqual(['示范区']);
    expect(overview.body.data.regions[0]!.bureauAccounts.map((b) => b.loginName)).toEqual([
      'bureau',
    ]);
    expect(JSON.stringify(overview.body.data)).not.toMatch(/password|hash|student/i);
    expect(overview.body.data.schools.map((s) => s.schoolName)).toContain('区外中学');
  }, 30_000);

  it('refuses a school administrator, a bureau seat and no token', async () => {
    const admin = await signIn(server.app, 'admin');
    const seat = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    const body = { code: 'x-district', name: '某区', level: 'district' };
    const byAdmin = await op(operatorRoutes.createRegion, body, admin.token);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(NOT_OPERATOR_MESSAGE);
    const bySeat = await op(operatorRoutes.createRegion, body, seat.token);
    expect(bySeat.status).toBe(403);
    expect(bySeat.body.message).toBe(SEAT_READ_ONLY_MESSAGE);
    const anonymous = await call(server.app, operatorRoutes.overview, { body: {} });
    expect(anonymous.body.code).toBe(ResultCode.SessionExpired);
    const regions = await server.db.selectFrom('regions').select('code').execute();
    expect(regions.map((r) => r.code)).not.toContain('x-district');
  }, 30_000);

  it('creates a region, adds schools, creates a bureau account; retries do not duplicate', async () => {
    const body = { code: 'east-district', name: '东区', level: 'district' };
    const first = await op<Region>(operatorRoutes.createRegion, body);
    expect(first.body.code).toBe(200);
    const again = await op<Region>(operatorRoutes.createRegion, body);
    expect(again.body.data.regionId).toBe(first.body.data.regionId);
    const clash = await op(operatorRoutes.createRegion, { ...body, name: '西区' });
    expect(clash.body.code).toBe(409);
    expect(
      await server.db.selectFrom('regions').select('id').where('code', '=', body.code).execute(),
    ).toHaveLength(1);
    const regionId = first.body.data.regionId;

    // The demo school already belongs to 示范区: it must leave there first.
    const taken = await op(operatorRoutes.addSchool, {
      regionId,
      schoolId: server.seed.demoSchoolId,
    });
    expect(taken.body.code).toBe(409);
    expect(taken.body.message).toBe('该学校已属于其他区域，请先从原区域移出');
    await op(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    const twice = await op<Region>(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    expect(twice.body.data.schools).toEqual([{ schoolId: outsideId, schoolName: '区外中学' }]);

    // The forms' password rule; a login name of a school account is refused.
    const weak = await op(operatorRoutes.createBureau, {
      regionId,
      loginName: 'east',
      nickName: '东区教育局',
      password: 'abcdef',
    });
    expect(weak.body.message).toBe('密码须为至少6位的字母和数字组合');
    const clashLogin = await op(operatorRoutes.createBureau, {
      regionId,
      loginName: 'admin',
      nickName: '东区教育局',
      password: 'east2026',
    });
    expect(clashLogin.body.code).toBe(409);
    const bureau = { regionId, loginName: 'east', nickName: '东区教育局', password: 'east2026' };
    const created = await op<Region>(operatorRoutes.createBureau, bureau);
    expect(created.body.data.bureauAccounts.map((b) => b.loginName)).toEqual(['east']);
    const retried = await op<Region>(operatorRoutes.createBureau, bureau);
    expect(retried.body.code).toBe(200);
    expect(
      await server.db
        .selectFrom('bureau_users')
        .select('id')
        .where('login_name', '=', 'east')
        .execute(),
    ).toHaveLength(1);
    const row = await server.db
      .selectFrom('bureau_users')
      .select('password_hash')
      .where('login_name', '=', 'east')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);

    // The new bureau account signs in and is offered its region's schools.
    const choice = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'east', password: 'east2026' },
    });
    expect(choice.body.code).toBe(6002);
    expect((choice.body.data as { schools: SchoolOption[] }).schools).toEqual([
      { schoolId: outsideId, schoolName: '区外中学' },
    ]);
    const seat = await signIn(server.app, 'east', { password: 'east2026', schoolId: outsideId });
    expect(seat.schoolName).toBe('区外中学');

    // A new password ends the account's sessions; the old one no longer signs in.
    const bureauUserId = created.body.data.bureauAccounts[0]!.bureauUserId;
    const reset = await op(operatorRoutes.resetBureauPassword, {
      bureauUserId,
      password: 'fresh2027',
    });
    expect(reset.body.code).toBe(200);
    const stale = await call(server.app, authRoutes.logout, {
      token: seat.token,
      schoolId: outsideId,
      body: {},
    });
    expect(stale.body.code).toBe(ResultCode.SessionExpired);
    const old = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'east', password: 'east2026', schoolId: outsideId },
    });
    expect(old.body.code).toBe(400);
    await signIn(server.app, 'east', { password: 'fresh2027', schoolId: outsideId });

    // Removing the school ends the bureau's sessions in it and takes it off the choice.
    const again2 = await signIn(server.app, 'east', { password: 'fresh2027', schoolId: outsideId });
    const removed = await op<Region>(operatorRoutes.removeSchool, {
      regionId,
      schoolId: outsideId,
    });
    expect(removed.body.data.schools).toEqual([]);
    const gone = await call(server.app, authRoutes.logout, { token: again2.token, body: {} });
    expect(gone.body.code).toBe(ResultCode.SessionExpired);
    const refused = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'east', password: 'fresh2027', schoolId: outsideId },
    });
    expect(refused.body.code).toBe(403);
  }, 60_000);

  it('logging out ends the operator session', async () => {
    const out = await op(operatorRoutes.logout);
    expect(out.body.code).toBe(200);
    const after = await op(operatorRoutes.overview);
    expect(after.body.code).toBe(ResultCode.SessionExpired);
  }, 30_000);
});
