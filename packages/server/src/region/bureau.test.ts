import {
  administrationRoutes,
  authRoutes,
  examRoutes,
  regionRoutes,
  reportRoutes,
  scopeRoutes,
  type SchoolOption,
  type UserInfo,
} from '@examkit/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS, signIn, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

const SCHOOLS = ['示范中学', '实验中学'];

describe.each(DIALECTS)('regions and bureau accounts on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let otherSchoolId: number;
  beforeAll(async () => {
    // A school outside the district: the bureau may never enter it.
    const other = await server.db
      .insertInto('schools')
      .values({ code: 'outside', name: '区外中学', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherSchoolId = other.id;
  }, 60_000);
  beforeEach(() => server.clock.set(TEST_NOW));

  const password = (body: Record<string, unknown>) =>
    call<UserInfo>(server.app, authRoutes.loginPassword, {
      body: { loginName: 'bureau', password: DEMO_PASSWORD, ...body },
    });
  const studentsOf = async (user: UserInfo) => {
    const result = await call<{ list: { id: number }[]; total: number }>(
      server.app,
      administrationRoutes.getStudents,
      { token: user.token, schoolId: user.schoolId, body: { pageNum: 1, pageSize: 200 } },
    );
    expect(result.body.code).toBe(200);
    const ids = result.body.data.list.map((s) => s.id);
    const owners = await server.db
      .selectFrom('students')
      .select('school_id')
      .distinct()
      .where('id', 'in', ids.length ? ids : [0])
      .execute();
    return { total: result.body.data.total, schools: owners.map((o) => o.school_id) };
  };
  const examsOf = async (user: UserInfo) => {
    const result = await call<{ list: { id: number }[] }>(server.app, examRoutes.list, {
      token: user.token,
      schoolId: user.schoolId,
      body: { academicYear: 0 },
    });
    expect(result.body.code).toBe(200);
    return result.body.data.list.map((e) => e.id);
  };

  it('a bureau account signs in to the choice of its region’s schools (6002)', async () => {
    const first = await password({});
    expect(first.body.code).toBe(6002);
    const { schools } = first.body.data as unknown as { schools: SchoolOption[] };
    expect(schools.map((s) => s.schoolName)).toEqual(SCHOOLS);
    const listed = await call<SchoolOption[]>(server.app, authRoutes.schoolList, {
      body: { loginName: 'bureau', password: DEMO_PASSWORD },
    });
    expect(listed.body.data.map((s) => s.schoolName)).toEqual(SCHOOLS);
  }, 30_000);

  it('in each member school the bureau sees that school’s data, the school’s staff only their own', async () => {
    const intoDemo = await password({ schoolId: server.seed.demoSchoolId });
    expect(intoDemo.body.code).toBe(200);
    const bureauDemo = intoDemo.body.data;
    expect(bureauDemo).toMatchObject({ schoolName: '示范中学', nickName: '区教育局' });
    expect(bureauDemo.roles.map((r) => r.roleName)).toEqual(['教育局']);
    const bureauLab = (await password({ schoolId: server.seed.labSchoolId })).body.data;
    expect(bureauLab.schoolName).toBe('实验中学');

    const labAdmin = await signIn(server.app, 'lab-admin');
    const demoAdmin = await signIn(server.app, 'admin');
    // The exams: the bureau in a school sees exactly what the school's administrator sees.
    expect(await examsOf(bureauDemo)).toEqual(await examsOf(demoAdmin));
    expect((await examsOf(bureauDemo)).length).toBeGreaterThan(0);
    expect(await examsOf(bureauLab)).toEqual(await examsOf(labAdmin));
    // Students through the administrator's list: each school's own, never the other's.
    expect(await studentsOf(demoAdmin)).toEqual({ total: 15, schools: [server.seed.demoSchoolId] });
    expect(await studentsOf(labAdmin)).toEqual({ total: 20, schools: [server.seed.labSchoolId] });
    // A school account cannot switch to the other school with the header.
    const crossed = await call(server.app, examRoutes.list, {
      token: demoAdmin.token,
      schoolId: server.seed.labSchoolId,
      body: {},
    });
    expect(crossed.status).toBe(403);
  });

  it('a bureau seat reads a school’s exams and reports but is refused every edit of them', async () => {
    const bureau = (await password({ schoolId: server.seed.demoSchoolId })).body.data;
    const as = { token: bureau.token, schoolId: bureau.schoolId };
    const exam = await server.db
      .selectFrom('exams')
      .select(['id', 'name', 'state'])
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('state', '=', 'finished')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The school publishes its report: the bureau reads a school's published reports.
    const admin = await signIn(server.app, 'admin');
    const published = await call(server.app, examRoutes.transition, {
      token: admin.token,
      schoolId: admin.schoolId,
      body: { id: exam.id, to: 'published' },
    });
    expect(published.body.code).toBe(200);
    // A draft exam's paper, which its managers may still edit.
    const subject = await server.db
      .selectFrom('exam_subjects as es')
      .innerJoin('exams as e', 'e.id', 'es.exam_id')
      .select('es.id')
      .where('e.school_id', '=', server.seed.demoSchoolId)
      .where('e.state', '=', 'draft')
      .orderBy('es.id')
      .executeTakeFirstOrThrow();
    // Reading: the exam, and its grade report.
    const detail = await call<{ name: string }>(server.app, examRoutes.detail, {
      ...as,
      body: { id: exam.id },
    });
    expect(detail.body).toMatchObject({ code: 200, data: { name: exam.name } });
    const report = await call<{ rows: unknown[] }>(server.app, reportRoutes.gradeBasic, {
      ...as,
      body: { examId: exam.id },
    });
    expect(report.body.code).toBe(200);
    expect(report.body.data.rows.length).toBeGreaterThan(0);
    // Editing: refused, and the exam is unchanged.
    const rename = await call(server.app, examRoutes.update, {
      ...as,
      body: { id: exam.id, name: '教育局改的名字' },
    });
    // Refused before the route reads its body (core/seatAccess), with the one message.
    expect(rename.status).toBe(403);
    expect(rename.body).toMatchObject({ code: 403, msg: SEAT_READ_ONLY_MESSAGE });
    const unpublish = await call(server.app, examRoutes.transition, {
      ...as,
      body: { id: exam.id, to: 'finished' },
    });
    expect(unpublish.body.code).toBe(403);
    const paper = await call(server.app, examRoutes.questionsSave, {
      ...as,
      body: {
        examSubjectId: subject.id,
        questions: [{ number: '1', kind: 'subjective', fullMarks: 100 }],
      },
    });
    expect(paper.body).toMatchObject({ code: 403, msg: SEAT_READ_ONLY_MESSAGE });
    const removing = await call(server.app, examRoutes.remove, { ...as, body: { id: exam.id } });
    expect(removing.body.code).toBe(403);
    const after = await server.db
      .selectFrom('exams')
      .select(['name', 'state'])
      .where('id', '=', exam.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: exam.name, state: 'published' });
    // The screens follow: the seat manages no grade, so no 创建考试, 编辑 or 删除 is shown.
    const scope = await call<{ schoolWide: boolean; manageGradeIds: number[]; gradeIds: number[] }>(
      server.app,
      scopeRoutes.myScope,
      { ...as, body: {} },
    );
    expect(scope.body.data.schoolWide).toBe(false);
    expect(scope.body.data.manageGradeIds).toEqual([]);
    expect(scope.body.data.gradeIds.length).toBeGreaterThan(0);
    // The school's own administrator still manages the same exam.
    const own = await call(server.app, examRoutes.detail, {
      token: admin.token,
      schoolId: admin.schoolId,
      body: { id: exam.id },
    });
    expect(own.body.code).toBe(200);
  }, 60_000);

  it('refuses a school outside the region, and a wrong password as a school sign-in does', async () => {
    const outside = await password({ schoolId: otherSchoolId });
    expect(outside.body).toMatchObject({ code: 403, msg: '该学校不在本区域' });
    const wrong = await password({ password: 'wrong1', schoolId: server.seed.demoSchoolId });
    expect(wrong.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
    // One seat per school entered, however often: none in the outside school.
    await password({ schoolId: server.seed.demoSchoolId });
    const seats = await server.db
      .selectFrom('users')
      .select('school_id')
      .where('login_name', '=', 'region:bureau')
      .orderBy('school_id')
      .execute();
    expect(seats.map((s) => s.school_id)).toEqual([
      server.seed.demoSchoolId,
      server.seed.labSchoolId,
    ]);
    // The seat has no password: its login name signs nobody in.
    const seatLogin = await call(server.app, authRoutes.loginPassword, {
      body: {
        loginName: 'region:bureau',
        password: DEMO_PASSWORD,
        schoolId: server.seed.demoSchoolId,
      },
    });
    expect(seatLogin.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
  });

  it('lists the region and enters another school with region_to_school_login', async () => {
    const bureau = (await password({ schoolId: server.seed.demoSchoolId })).body.data;
    const as = { token: bureau.token, schoolId: bureau.schoolId };
    const region = await call<{ regionName: string; schools: SchoolOption[] }>(
      server.app,
      regionRoutes.schools,
      { ...as, body: {} },
    );
    expect(region.body.data.regionName).toBe('示范区');
    expect(region.body.data.schools.map((s) => s.schoolName)).toEqual(SCHOOLS);

    const entered = await call<{ token: string; expiresIn: number }>(
      server.app,
      regionRoutes.enterSchool,
      { ...as, body: { schoolId: server.seed.labSchoolId } },
    );
    expect(entered.body.data.expiresIn).toBe(60);
    const wrongSchool = await call(server.app, authRoutes.regionToSchool, {
      body: { token: entered.body.data.token, schoolId: server.seed.demoSchoolId },
    });
    expect(wrongSchool.body.code).toBe(400);
    const inLab = await call<UserInfo>(server.app, authRoutes.regionToSchool, {
      body: { token: entered.body.data.token, schoolId: server.seed.labSchoolId },
    });
    expect(inLab.body.data).toMatchObject({ schoolName: '实验中学', nickName: '区教育局' });
    const again = await call(server.app, authRoutes.regionToSchool, {
      body: { token: entered.body.data.token, schoolId: server.seed.labSchoolId },
    });
    expect(again.body.code).toBe(400);

    const outside = await call(server.app, regionRoutes.enterSchool, {
      ...as,
      body: { schoolId: otherSchoolId },
    });
    expect(outside.body).toMatchObject({ code: 403, msg: '该学校不在本区域' });
  });

  it('a school account gets no region and no token', async () => {
    const admin = await signIn(server.app, 'admin');
    const as = { token: admin.token, schoolId: admin.schoolId };
    const list = await call(server.app, regionRoutes.schools, { ...as, body: {} });
    expect(list.body).toMatchObject({ code: 200, data: null });
    const enter = await call(server.app, regionRoutes.enterSchool, {
      ...as,
      body: { schoolId: server.seed.labSchoolId },
    });
    expect(enter.body).toMatchObject({ code: 403, msg: '仅教育局账号可用' });
  });

  it('the bureau renames its region and lets a school leave; no school joins through it', async () => {
    const inDemo = (await password({ schoolId: server.seed.demoSchoolId })).body.data;
    const inLab = (await password({ schoolId: server.seed.labSchoolId })).body.data;
    const asDemo = { token: inDemo.token, schoolId: inDemo.schoolId };
    const { demoSchoolId, labSchoolId } = server.seed;
    try {
      // A school's own administrator does not administer the region.
      const admin = await signIn(server.app, 'admin');
      const byAdmin = await call(server.app, regionRoutes.update, {
        token: admin.token,
        schoolId: admin.schoolId,
        body: { name: '改名区', schoolIds: [demoSchoolId] },
      });
      expect(byAdmin.body).toMatchObject({ code: 403, msg: '仅教育局账号可用' });
      // Joining a school (one outside the region) is refused, and changes nothing.
      const joining = await call(server.app, regionRoutes.update, {
        ...asDemo,
        body: { name: '改名区', schoolIds: [demoSchoolId, labSchoolId, otherSchoolId] },
      });
      expect(joining.body).toMatchObject({
        code: 403,
        msg: '只能移出本区域的学校，加入学校请联系平台管理员',
      });
      // The school the bureau is in cannot leave under it.
      const leavingHere = await call(server.app, regionRoutes.update, {
        ...asDemo,
        body: { name: '改名区', schoolIds: [labSchoolId] },
      });
      expect(leavingHere.body).toMatchObject({
        code: 409,
        msg: '不能移出当前所在的学校，请先切换到其他学校',
      });
      const unchanged = await server.db
        .selectFrom('regions')
        .select('name')
        .executeTakeFirstOrThrow();
      expect(unchanged.name).toBe('示范区');

      const updated = await call<{ regionName: string; schools: SchoolOption[] }>(
        server.app,
        regionRoutes.update,
        { ...asDemo, body: { name: ' 示范新区 ', schoolIds: [demoSchoolId] } },
      );
      expect(updated.body.data).toMatchObject({
        regionName: '示范新区',
        schools: [{ schoolId: demoSchoolId, schoolName: '示范中学' }],
      });
      // The school that left is out of the bureau's reach at once: its seat's session has
      // ended, it is no longer offered, and entering it is refused.
      const labCall = await call(server.app, examRoutes.list, {
        token: inLab.token,
        schoolId: inLab.schoolId,
        body: {},
      });
      expect(labCall.status).toBe(401);
      const choice = await password({});
      expect(
        (choice.body.data as unknown as { schools: SchoolOption[] }).schools.map(
          (s) => s.schoolName,
        ),
      ).toEqual(['示范中学']);
      expect((await password({ schoolId: labSchoolId })).body).toMatchObject({
        code: 403,
        msg: '该学校不在本区域',
      });
      const enter = await call(server.app, regionRoutes.enterSchool, {
        ...asDemo,
        body: { schoolId: labSchoolId },
      });
      expect(enter.body).toMatchObject({ code: 403, msg: '该学校不在本区域' });
      const listed = await call<{ regionName: string }>(server.app, regionRoutes.schools, {
        ...asDemo,
        body: {},
      });
      expect(listed.body.data.regionName).toBe('示范新区');
    } finally {
      const region = await server.db.selectFrom('regions').select('id').executeTakeFirstOrThrow();
      await server.db.updateTable('regions').set({ name: '示范区' }).execute();
      await server.db
        .insertInto('region_schools')
        .values({ region_id: region.id, school_id: labSchoolId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });

  it('a disabled bureau account no longer signs in', async () => {
    await server.db.updateTable('bureau_users').set({ status: 0 }).execute();
    try {
      // The right password is refused with the reason (the operator's 停用, operator.test.ts).
      const refused = await password({ schoolId: server.seed.demoSchoolId });
      expect(refused.body).toMatchObject({ code: 403, msg: '该账号已停用，请联系平台管理员' });
    } finally {
      await server.db.updateTable('bureau_users').set({ status: 1 }).execute();
    }
  });
});
