import {
  administrationRoutes,
  authRoutes,
  operatorRoutes,
  regionRoutes,
  ResultCode,
  messageRoutes,
  schoolRegionRoutes,
  type DataOf,
  type SchoolOption,
} from '@examkit/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_OPERATOR_MESSAGE } from '../core/router';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { DEMO_OPERATOR, DEMO_REGION } from '../seed/seedRegion';
import { createAdministrator } from '../setup/createAdministrator';
import { BUREAU_DISABLED_MESSAGE } from './bureau';
import { NO_INVITATION_MESSAGE } from './consent';
import { call, DIALECTS, signIn, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

type Region = DataOf<typeof operatorRoutes.createRegion>;
type Overview = DataOf<typeof operatorRoutes.overview>;
type Audit = DataOf<typeof operatorRoutes.auditLog>;
type SchoolRegion = DataOf<typeof schoolRegionRoutes.status>;
type Message = DataOf<typeof messageRoutes.list>['list'][number];

describe.each(DIALECTS)('the platform operator on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let outsideId: number;
  let token: string;
  beforeAll(async () => {
    // A school outside every region, with its own administrator `outadmin`.
    const outside = await createAdministrator(server.db, {
      schoolName: '区外中学',
      loginName: 'outadmin',
      password: DEMO_PASSWORD,
      now: TEST_NOW.getTime(),
    });
    outsideId = outside.schoolId;
  }, 60_000);
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
    // Adding a school invites it: it is pending, not a member, until its administrator accepts.
    await op(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    const twice = await op<Region>(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    expect(twice.body.data.schools).toEqual([]);
    expect(twice.body.data.pendingSchools).toEqual([
      { schoolId: outsideId, schoolName: '区外中学', invitedAt: TEST_NOW.getTime() },
    ]);
    expect(
      await server.db.selectFrom('region_school_invites').select('school_id').execute(),
    ).toHaveLength(1);

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

    // Before the school accepts, the bureau is offered nothing and cannot enter it.
    const early = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'east', password: 'east2026' },
    });
    expect(early.body.code).toBe(6002);
    expect((early.body.data as { schools: SchoolOption[] }).schools).toEqual([]);
    const refusedEarly = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'east', password: 'east2026', schoolId: outsideId },
    });
    expect(refusedEarly.status).toBe(403);
    expect(refusedEarly.body.message).toBe('该学校不在本区域');

    // Another school's administrator cannot accept the invitation for it.
    const demoAdmin = await signIn(server.app, 'admin');
    const byOther = await call(server.app, schoolRegionRoutes.respond, {
      token: demoAdmin.token,
      schoolId: demoAdmin.schoolId,
      body: { regionId, accept: true },
    });
    expect(byOther.status).toBe(404);
    expect(byOther.body.message).toBe(NO_INVITATION_MESSAGE);
    // Nor with the other school's id in the header: the session's school decides.
    const byHeader = await call(server.app, schoolRegionRoutes.respond, {
      token: demoAdmin.token,
      schoolId: outsideId,
      body: { regionId, accept: true },
    });
    expect(byHeader.body.code).not.toBe(200);
    // A teacher of the school, without System-Parm, cannot answer either.
    const teacher = await signIn(server.app, 'teacher');
    const byTeacher = await call(server.app, schoolRegionRoutes.status, {
      token: teacher.token,
      schoolId: teacher.schoolId,
      body: {},
    });
    expect(byTeacher.status).toBe(403);
    const stillPending = await op<Overview>(operatorRoutes.overview);
    const eastNow = stillPending.body.data.regions.find((r) => r.regionId === regionId)!;
    expect(eastNow.schools).toEqual([]);
    expect(eastNow.pendingSchools.map((p) => p.schoolName)).toEqual(['区外中学']);

    // The school's own administrator sees the invitation and accepts it (a retry is quiet).
    const outAdmin = await signIn(server.app, 'outadmin');
    const asOut = { token: outAdmin.token, schoolId: outAdmin.schoolId };
    // It was told by a message (the header's unread count), linking to 参数设置 · 区域设置; the
    // operator's retries sent nothing more.
    const unread = await call<{ count: number }>(server.app, messageRoutes.unreadCount, asOut);
    expect(unread.body.data.count).toBe(1);
    const inbox = await call<{ list: Message[] }>(server.app, messageRoutes.list, {
      ...asOut,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(inbox.body.data.list).toEqual([
      expect.objectContaining({
        kind: 'region_invited',
        title: '区域邀请：东区',
        link: '/system/parm/level',
        content: expect.stringContaining('东区邀请本校加入区域'),
      }),
    ]);
    // A teacher of the demo school (not invited) got nothing.
    const demoTeacher = await signIn(server.app, 'teacher');
    const teacherInbox = await call<{ list: Message[] }>(server.app, messageRoutes.list, {
      token: demoTeacher.token,
      body: { pageNum: 1, pageSize: 50 },
    });
    expect(teacherInbox.body.data.list.map((m) => m.kind)).not.toContain('region_invited');
    const status = await call<SchoolRegion>(server.app, schoolRegionRoutes.status, {
      ...asOut,
      body: {},
    });
    expect(status.body.data).toEqual({
      region: null,
      invitations: [{ regionId, regionName: '东区', invitedAt: TEST_NOW.getTime() }],
    });
    for (let i = 0; i < 2; i++) {
      const accepted = await call<SchoolRegion>(server.app, schoolRegionRoutes.respond, {
        ...asOut,
        body: { regionId, accept: true },
      });
      expect(accepted.body.data).toEqual({
        region: { regionId, regionName: '东区' },
        invitations: [],
      });
    }

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

    // Invited again and declined: the school stays out; a withdrawn invitation is gone too.
    await op(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    const declined = await call<SchoolRegion>(server.app, schoolRegionRoutes.respond, {
      ...asOut,
      body: { regionId, accept: false },
    });
    expect(declined.body.data).toEqual({ region: null, invitations: [] });
    const afterDecline = await op<Overview>(operatorRoutes.overview);
    const eastAfter = afterDecline.body.data.regions.find((r) => r.regionId === regionId)!;
    expect(eastAfter.schools).toEqual([]);
    expect(eastAfter.pendingSchools).toEqual([]);
    await op(operatorRoutes.addSchool, { regionId, schoolId: outsideId });
    const withdrawn = await op<Region>(operatorRoutes.removeSchool, {
      regionId,
      schoolId: outsideId,
    });
    expect(withdrawn.body.data.pendingSchools).toEqual([]);
    const late = await call(server.app, schoolRegionRoutes.respond, {
      ...asOut,
      body: { regionId, accept: true },
    });
    expect(late.status).toBe(404);
  }, 60_000);

  it('a disabled bureau account cannot sign in and its live sessions end at once', async () => {
    const bureauUserId = (
      await server.db
        .selectFrom('bureau_users')
        .select('id')
        .where('login_name', '=', DEMO_REGION.bureauLogin)
        .executeTakeFirstOrThrow()
    ).id;
    const seat = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    const as = { token: seat.token, schoolId: seat.schoolId };
    // A one-time token to enter the other school, taken before the account is disabled.
    const entered = await call<{ token: string }>(server.app, regionRoutes.enterSchool, {
      ...as,
      body: { schoolId: server.seed.labSchoolId },
    });
    expect(entered.body.code).toBe(200);
    const before = await call(server.app, regionRoutes.schools, { ...as, body: {} });
    expect(before.body.code).toBe(200);

    const disabled = await op<Region>(operatorRoutes.setBureauStatus, {
      bureauUserId,
      enabled: false,
    });
    expect(disabled.body.data.bureauAccounts).toEqual([
      expect.objectContaining({ loginName: 'bureau', enabled: false }),
    ]);
    // The session it had is gone, and so is the token it took.
    const after = await call(server.app, regionRoutes.schools, { ...as, body: {} });
    expect(after.body.code).toBe(ResultCode.SessionExpired);
    const viaToken = await call(server.app, authRoutes.regionToSchool, {
      body: { token: entered.body.data.token, schoolId: server.seed.labSchoolId },
    });
    expect(viaToken.body.code).toBe(400);
    // The right password is refused with the reason; a wrong one stays a wrong password.
    for (const schoolId of [undefined, server.seed.demoSchoolId]) {
      const refused = await call(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, ...(schoolId ? { schoolId } : {}) },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(BUREAU_DISABLED_MESSAGE);
    }
    const wrong = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'bureau', password: 'wrong123' },
    });
    expect(wrong.body.code).toBe(400);
    // Disabling again is a no-op; 启用 lets it sign in again.
    const again = await op<Region>(operatorRoutes.setBureauStatus, {
      bureauUserId,
      enabled: false,
    });
    expect(again.body.code).toBe(200);
    const enabled = await op<Region>(operatorRoutes.setBureauStatus, {
      bureauUserId,
      enabled: true,
    });
    expect(enabled.body.data.bureauAccounts[0]!.enabled).toBe(true);
    const back = await signIn(server.app, 'bureau', { schoolId: server.seed.labSchoolId });
    expect(back.schoolName).toBe('实验中学');
  }, 60_000);

  it('keeps an audit log of every change, newest first, a page at a time, with no secrets', async () => {
    const all = await op<Audit>(operatorRoutes.auditLog, { pageNum: 1, pageSize: 100 });
    expect(all.body.code).toBe(200);
    const actions = all.body.data.rows.map(
      (r) => `${r.actionName}|${r.regionName ?? ''}|${r.schoolName ?? ''}|${r.bureauLogin ?? ''}`,
    );
    // Retries wrote nothing: one line per change, newest first.
    // The school's own answers are in it too, 操作人 its administrator.
    expect(actions).toEqual([
      '启用教育局账号|示范区||bureau',
      '停用教育局账号|示范区||bureau',
      '撤回邀请|东区|区外中学|',
      '邀请学校加入|东区|区外中学|',
      '学校拒绝邀请|东区|区外中学|',
      '邀请学校加入|东区|区外中学|',
      '移出学校|东区|区外中学|',
      '重置密码|东区||east',
      '学校同意加入|东区|区外中学|',
      '新建教育局账号|东区||east',
      '邀请学校加入|东区|区外中学|',
      '新建区域|东区||',
    ]);
    expect(all.body.data.total).toBe(12);
    expect(all.body.data.rows[4]!.operatorName).toBe('系统管理员（区外中学）');
    expect(all.body.data.operators).toEqual([
      { operatorId: expect.any(Number), name: DEMO_OPERATOR.name },
    ]);
    expect(all.body.data.actions).toContainEqual({ action: 'school.leave', name: '学校退出区域' });
    const first = all.body.data.rows.at(-1)!;
    expect(first).toMatchObject({
      operatorName: DEMO_OPERATOR.name,
      action: 'region.create',
      detail: '代码 east-district，区县',
      at: TEST_NOW.getTime(),
    });
    // No password, hash, token or phone number in the log.
    const text = JSON.stringify(all.body.data);
    for (const secret of ['east2026', 'fresh2027', DEMO_PASSWORD, token, '$argon2', '13800000201'])
      expect(text).not.toContain(secret);
    // Pages of three: the fourth holds the oldest line alone.
    const page2 = await op<Audit>(operatorRoutes.auditLog, { pageNum: 2, pageSize: 3 });
    expect(page2.body.data.total).toBe(12);
    expect(page2.body.data.rows.map((r) => r.id)).toEqual(
      all.body.data.rows.slice(3, 6).map((r) => r.id),
    );
    const page3 = await op<Audit>(operatorRoutes.auditLog, { pageNum: 3, pageSize: 5 });
    expect(page3.body.data.rows.map((r) => r.action)).toEqual(['school.invite', 'region.create']);
    const tooBig = await op(operatorRoutes.auditLog, { pageNum: 1, pageSize: 1000 });
    expect(tooBig.body.code).toBe(400);
    // A school administrator cannot read it.
    const admin = await signIn(server.app, 'admin');
    const byAdmin = await op(operatorRoutes.auditLog, { pageNum: 1, pageSize: 10 }, admin.token);
    expect(byAdmin.status).toBe(403);
  }, 30_000);

  it('a school leaves its region by itself: the bureau loses it at once; the log filters', async () => {
    const later = TEST_NOW.getTime() + 86_400_000;
    server.clock.set(new Date(later));
    const region = await server.db
      .selectFrom('regions')
      .select('id')
      .where('code', '=', DEMO_REGION.code)
      .executeTakeFirstOrThrow();
    const labSeat = await signIn(server.app, 'bureau', { schoolId: server.seed.labSchoolId });
    const labAdmin = await signIn(server.app, 'lab-admin');
    const asLab = { token: labAdmin.token, schoolId: labAdmin.schoolId };
    const leave = { regionId: region.id };
    // Neither a teacher nor the bureau's own seat may take a school out.
    const teacher = await signIn(server.app, 'teacher');
    const byTeacher = await call(server.app, schoolRegionRoutes.leave, {
      token: teacher.token,
      body: leave,
    });
    expect(byTeacher.status).toBe(403);
    const bySeat = await call(server.app, schoolRegionRoutes.leave, {
      token: labSeat.token,
      schoolId: server.seed.labSchoolId,
      body: leave,
    });
    expect(bySeat.status).toBe(403);
    // The school's administrator leaves (a retry is quiet): the school is in no region…
    for (let i = 0; i < 2; i++) {
      const left = await call<SchoolRegion>(server.app, schoolRegionRoutes.leave, {
        ...asLab,
        body: leave,
      });
      expect(left.body.data).toEqual({ region: null, invitations: [] });
    }
    // …the bureau's open page in it is signed out, and it is no longer offered or entered.
    const dead = await call(server.app, authRoutes.logout, { token: labSeat.token, body: {} });
    expect(dead.body.code).toBe(ResultCode.SessionExpired);
    const choice = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'bureau', password: DEMO_PASSWORD },
    });
    expect((choice.body.data as { schools: SchoolOption[] }).schools).toEqual([
      { schoolId: server.seed.demoSchoolId, schoolName: '示范中学' },
    ]);
    const refused = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.labSchoolId },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('该学校不在本区域');

    // One line in the operators' log, found by each filter (read back at the operator's time).
    server.clock.set(TEST_NOW);
    const lines = async (filter: object) => {
      const r = await op<Audit>(operatorRoutes.auditLog, { pageNum: 1, pageSize: 100, ...filter });
      expect(r.body.code).toBe(200);
      return r.body.data;
    };
    const leaves = await lines({ action: 'school.leave' });
    expect(leaves.total).toBe(1);
    expect(leaves.rows[0]).toMatchObject({
      actionName: '学校退出区域',
      regionName: '示范区',
      schoolName: '实验中学',
      at: later,
    });
    expect(leaves.rows[0]!.operatorName).toMatch(/（实验中学）$/);
    expect((await lines({ schoolId: server.seed.labSchoolId })).rows.map((r) => r.action)).toEqual([
      'school.leave',
    ]);
    expect((await lines({ from: later })).rows.map((r) => r.action)).toEqual(['school.leave']);
    expect((await lines({ to: later })).total).toBe(12);
    // By operator: the operator's own lines only (no school's answer).
    const mine = await lines({ operatorId: leaves.operators[0]!.operatorId });
    expect(mine.total).toBe(10);
    expect(mine.rows.map((r) => r.action)).not.toContain('school.accept');
    const both = await lines({ schoolId: outsideId, action: 'school.invite', to: later });
    expect(both.total).toBe(3);
    expect((await lines({ action: 'school.leave', from: later + 1 })).rows).toEqual([]);
    const bad = await op(operatorRoutes.auditLog, { pageNum: 1, pageSize: 10, action: 'x' });
    expect(bad.body.code).toBe(400);
  }, 60_000);

  it('logging out ends the operator session', async () => {
    const out = await op(operatorRoutes.logout);
    expect(out.body.code).toBe(200);
    const after = await op(operatorRoutes.overview);
    expect(after.body.code).toBe(ResultCode.SessionExpired);
  }, 30_000);
});
