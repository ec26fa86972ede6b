import { authRoutes } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

describe.each(DIALECTS)('school reads on %s', (dialect) => {
  const server = sharedTestServer(dialect);

  it("get_detail_school counts the session school's grades, classes, students and teachers this year", async () => {
    const user = await signIn(server.app, 'teacher');
    const result = await call(server.app, authRoutes.schoolDetail, { token: user.token });
    // The small demo: 3 grades × 1 class × 5 students; 9 named accounts + 5 generated teachers.
    expect(result.body.data).toEqual({
      schoolId: server.seed.demoSchoolId,
      schoolName: '示范中学',
      gradeCount: 3,
      classCount: 3,
      studentCount: 15,
      teacherCount: 14,
      academicYear: 2026,
    });
    const lab = await signIn(server.app, 'lab-admin');
    const labResult = await call(server.app, authRoutes.schoolDetail, { token: lab.token });
    expect(labResult.body.data).toMatchObject({
      schoolName: '实验中学',
      gradeCount: 1,
      classCount: 2,
      studentCount: 20,
    });
  });

  it('get_detail_school counts a newly added student', async () => {
    const user = await signIn(server.app, 'admin');
    const cls = await server.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select('c.id')
      .where('g.school_id', '=', server.seed.demoSchoolId)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('students')
      .values({
        school_id: server.seed.demoSchoolId,
        class_id: cls.id,
        student_no: 'X-1',
        name: '新同学',
        tel: null,
      })
      .execute();
    const result = await call<{ studentCount: number }>(server.app, authRoutes.schoolDetail, {
      token: user.token,
    });
    expect(result.body.data.studentCount).toBe(16);
  });

  it('dic/get_other returns the watermark setting of the own school only', async () => {
    const user = await signIn(server.app, 'teacher');
    const own = await call<{ dicCode: string; dicValue: string }[]>(
      server.app,
      authRoutes.dictionaryOther,
      {
        token: user.token,
        query: { schoolId: user.schoolId },
      },
    );
    expect(own.body.data).toContainEqual({ dicCode: '002005015', dicValue: '1' });
    const other = await call(server.app, authRoutes.dictionaryOther, {
      token: user.token,
      query: { schoolId: server.seed.labSchoolId },
    });
    expect(other).toMatchObject({ status: 403, body: { code: 403 } });
  });

  it('parent guide: unseen, then seen with code 3 after set; only for oneself', async () => {
    const user = await signIn(server.app, 'head');
    const query = { tel: '13800000003', userId: user.userId };
    const before = await call(server.app, authRoutes.getParentGuide, { token: user.token, query });
    expect(before.body.data).toEqual({ seen: false, code: null });
    const set = await call(server.app, authRoutes.setParentGuide, {
      token: user.token,
      query: { ...query, code: 3 },
    });
    expect(set.body.code).toBe(200);
    const again = await call(server.app, authRoutes.setParentGuide, {
      token: user.token,
      query: { ...query, code: 3 },
    });
    expect(again.body.code).toBe(200);
    const after = await call(server.app, authRoutes.getParentGuide, { token: user.token, query });
    expect(after.body.data).toEqual({ seen: true, code: 3 });
    const someoneElse = await call(server.app, authRoutes.getParentGuide, {
      token: user.token,
      query: { ...query, userId: user.userId + 1 },
    });
    expect(someoneElse.body.code).toBe(403);
  });

  // With a model configured it is 1 for the demo school: ai/ai.test.ts.
  it('isUserAiSession is 0 without a model configured, and refuses another school', async () => {
    const demo = await signIn(server.app, 'teacher');
    const on = await call(server.app, authRoutes.aiAccess, {
      token: demo.token,
      query: { schoolId: demo.schoolId },
    });
    expect(on.body.data).toBe(0);
    const lab = await signIn(server.app, 'lab-admin');
    const off = await call(server.app, authRoutes.aiAccess, {
      token: lab.token,
      query: { schoolId: lab.schoolId },
    });
    expect(off.body.data).toBe(0);
    const cross = await call(server.app, authRoutes.aiAccess, {
      token: lab.token,
      query: { schoolId: demo.schoolId },
    });
    expect(cross.body.code).toBe(403);
  });
});
