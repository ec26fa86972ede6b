import {
  crossSchoolRoutes,
  examRoutes,
  jointExamRoutes,
  type CrossInvite,
  type JointExam,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATH_QUESTIONS, xlsxBase64 } from '../exam/testKit';
import { userCalls, DIALECTS, signIn, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { addSchoolInRegion, grantKey, gradeWithClasses } from '../test/schoolKit';
import { INVALID_CODE, INVITE_TTL_MS, JOIN_FAILURES, JOIN_WINDOW_MS } from './routes';

type Joint = Static<typeof JointExam>;
type Invite = Static<typeof CrossInvite>;
type Listing = { exams: Joint[]; invites: Invite[] };
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
const marksOf = (n: number) => [n % 2 ? 5 : 0, n % 3 ? 6 : 3, 2, n % 6, n % 5, (n * 3) % 9];

describe.each(DIALECTS)('a cross-school exam on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let farId: number;
  let hostExamId: number;
  let bureau: UserInfo;
  const staff: Record<string, UserInfo> = {};
  let code = '';
  let joint: Joint;
  const studentsOf = new Map<number, Set<number>>();

  const { as, ok } = userCalls(() => server);
  const invite = (user: UserInfo, schoolLabels = 'codes') =>
    ok<{ invite: Invite; code: string }>(user, crossSchoolRoutes.crossInvite, {
      examId: hostExamId,
      schoolLabels,
    });

  beforeAll(async () => {
    const { db, seed } = server;
    // 远方中学: a school of another region, with 高一 (1 class, 3 students).
    farId = (
      await addSchoolInRegion(db, {
        schoolName: '远方中学',
        loginName: 'far-admin',
        prefix: 'F30',
        region: { code: 'far-district', name: '远方区', level: 'district' },
      })
    ).schoolId;
    // The demo's 年级主任 (高二) may use cross-school exams, for the data-scope checks.
    await grantKey(db, seed.demoSchoolId, '年级主任', 'Exam-Cross-School');

    bureau = await signIn(server.app, 'bureau', { schoolId: seed.demoSchoolId });
    staff.demo = await signIn(server.app, 'admin');
    staff.lab = await signIn(server.app, 'lab-admin');
    staff.far = await signIn(server.app, 'far-admin');
    staff.gradelead = await signIn(server.app, 'gradelead');

    // The host's own exam: 高一 数学 with its paper and key.
    const grade = await gradeWithClasses(db, seed.demoSchoolId);
    const exam = await ok<{ id: number; subjects: { id: number }[] }>(
      staff.demo,
      examRoutes.create,
      {
        name: '高一数学周测',
        examType: '周练',
        gradeId: grade.gradeId,
        examDate: '2026-11-18',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
        classIds: grade.classIds,
      },
    );
    hostExamId = exam.id;
    await ok(staff.demo, examRoutes.questionsSave, {
      examSubjectId: exam.subjects[0]!.id,
      questions: MATH_QUESTIONS,
    });
  }, 120_000);
  beforeEach(() => server.clock.set(TEST_NOW));

  it('the host issues a code for its exam; only the exam’s managers may, and one code lives at a time', async () => {
    const first = await invite(staff.demo!);
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.invite).toMatchObject({ status: 'live', examName: '高一数学周测' });
    expect(first.invite.expiresAt - first.invite.createdAt).toBe(INVITE_TTL_MS);
    // A teacher leading another grade may not invite for a 高一 exam; another school's exam is missing.
    const lead = await as(staff.gradelead!, crossSchoolRoutes.crossInvite, {
      examId: hostExamId,
      schoolLabels: 'codes',
    });
    expect(lead.body).toMatchObject({ code: 403 });
    const foreign = await as(staff.lab!, crossSchoolRoutes.crossInvite, {
      examId: hostExamId,
      schoolLabels: 'codes',
    });
    expect(foreign.body).toMatchObject({ code: 404, msg: '考试不存在' });
    // A new code revokes the earlier one, which no longer joins.
    const second = await invite(staff.demo!);
    const listing = await ok<Listing>(staff.demo!, crossSchoolRoutes.crossList, {});
    expect(listing.invites.map((i) => [i.id, i.status])).toEqual([
      [second.invite.id, 'live'],
      [first.invite.id, 'revoked'],
    ]);
    const stale = await as(staff.far!, crossSchoolRoutes.crossJoin, { code: first.code });
    expect(stale.body).toMatchObject({ code: 400, msg: INVALID_CODE });
    // Revoked explicitly, the live code stops too; a revoked code cannot be revoked again.
    const revoked = await ok<Invite>(staff.demo!, crossSchoolRoutes.crossRevoke, {
      inviteId: second.invite.id,
    });
    expect(revoked.status).toBe('revoked');
    const again = await as(staff.demo!, crossSchoolRoutes.crossRevoke, {
      inviteId: second.invite.id,
    });
    expect(again.body).toMatchObject({ code: 400, msg: '只能撤销尚未使用的有效邀请码' });
    const byOther = await as(staff.lab!, crossSchoolRoutes.crossRevoke, {
      inviteId: second.invite.id,
    });
    expect(byOther.body).toMatchObject({ code: 404, msg: '邀请码不存在' });
    const afterRevoke = await as(staff.far!, crossSchoolRoutes.crossJoin, { code: second.code });
    expect(afterRevoke.body).toMatchObject({ code: 400, msg: INVALID_CODE });
  });

  it('a code expires after 24 hours, and the host cannot join its own code', async () => {
    const issued = await invite(staff.demo!);
    const own = await as(staff.demo!, crossSchoolRoutes.crossJoin, { code: issued.code });
    expect(own.body).toMatchObject({ code: 400, msg: '不能加入本校发出的邀请' });
    server.clock.set(new Date(TEST_NOW.getTime() + INVITE_TTL_MS + 1));
    // A day later the sessions have expired too: sign in again.
    const far = await signIn(server.app, 'far-admin');
    const late = await as(far, crossSchoolRoutes.crossJoin, { code: issued.code });
    expect(late.body).toMatchObject({ code: 400, msg: INVALID_CODE });
    const host = await signIn(server.app, 'admin');
    const listing = await ok<Listing>(host, crossSchoolRoutes.crossList, {});
    expect(listing.invites[0]!.status).toBe('expired');
  });

  it('wrong codes are rate-limited per school: even a good code waits until the window passes', async () => {
    code = (await invite(staff.demo!)).code;
    for (let i = 0; i < JOIN_FAILURES; i++) {
      const wrong = await as(staff.lab!, crossSchoolRoutes.crossJoin, { code: `WRONG${i}XX` });
      expect(wrong.body).toMatchObject({ code: 400, msg: INVALID_CODE });
    }
    const limited = await as(staff.lab!, crossSchoolRoutes.crossJoin, { code });
    expect(limited.body).toMatchObject({ code: 429 });
    // Another school is not limited by the first one's failures (it joins in the next test).
    const other = await as(staff.far!, crossSchoolRoutes.crossJoin, { code: 'NOPE2345' });
    expect(other.body).toMatchObject({ code: 400, msg: INVALID_CODE });
    server.clock.set(new Date(TEST_NOW.getTime() + JOIN_WINDOW_MS + 1));
    const later = await as(staff.lab!, crossSchoolRoutes.crossJoin, { code: 'NOPE2345' });
    expect(later.body).toMatchObject({ code: 400, msg: INVALID_CODE });
  });

  it('a school of another region joins with the code (as typed, in lower case with a dash): a joint exam of two, the paper copied', async () => {
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    joint = await ok<Joint>(staff.far!, crossSchoolRoutes.crossJoin, { code: typed });
    expect(joint.organiser).toBe('示范中学');
    expect(joint.organising).toBe(false);
    expect(joint.schools.map((s) => [s.label, s.code, s.studentCount])).toEqual([
      ['学校A', '学校A', 5],
      ['远方中学', '学校B', 3],
    ]);
    const farExam = joint.schools[1]!.examId!;
    expect(joint.schools[0]!.examId).toBeNull();
    const detail = await ok<{ name: string; subjects: { id: number }[] }>(
      staff.far!,
      examRoutes.detail,
      { id: farExam },
    );
    expect(detail.name).toBe('高一数学周测');
    const paper = await ok<{ questions: { answer: string | null }[] }>(
      staff.far!,
      examRoutes.questionsGet,
      { examSubjectId: detail.subjects[0]!.id },
    );
    expect(paper.questions.map((q) => q.answer)).toEqual(['B', 'ACD', 'T', null, null]);
    // Single use: nobody joins with it again.
    const twice = await as(staff.lab!, crossSchoolRoutes.crossJoin, { code });
    expect(twice.body).toMatchObject({ code: 400, msg: INVALID_CODE });
    // With codes, the host's list shows the guest by its code (as a joint exam would); its
    // invite list still says which school used the code. The exam cannot be offered again.
    const hostView = await ok<Listing>(staff.demo!, crossSchoolRoutes.crossList, {});
    expect(hostView.exams.map((e) => e.schools.map((s) => s.label))).toEqual([
      ['示范中学', '学校B'],
    ]);
    expect(hostView.invites[0]).toMatchObject({ status: 'used', guestSchoolName: '远方中学' });
    const more = await as(staff.demo!, crossSchoolRoutes.crossInvite, {
      examId: hostExamId,
      schoolLabels: 'names',
    });
    expect(more.body).toMatchObject({ code: 409 });
  });

  it('each school imports its own scores; the joint report keeps each school’s students to itself', async () => {
    for (const user of [staff.demo!, staff.far!]) {
      const listing = await ok<Listing>(user, crossSchoolRoutes.crossList, {});
      const own = listing.exams[0]!.schools.find((s) => s.examId !== null)!;
      expect(own.schoolId).toBe(user.schoolId);
      const detail = await ok<{ subjects: { id: number }[] }>(user, examRoutes.detail, {
        id: own.examId,
      });
      const students = await server.db
        .selectFrom('exam_students as es')
        .innerJoin('students as s', 's.id', 'es.student_id')
        .select(['s.id', 's.student_no', 's.name'])
        .where('es.exam_id', '=', own.examId!)
        .orderBy('s.student_no')
        .execute();
      studentsOf.set(user.schoolId, new Set(students.map((s) => s.id)));
      await ok(user, examRoutes.scoreImport, {
        examSubjectId: detail.subjects[0]!.id,
        file: await xlsxBase64([
          HEADER,
          ...students.map((s, n) => [s.student_no, s.name, ...marksOf(n + user.schoolId)]),
        ]),
      });
      await ok(user, examRoutes.transition, { id: own.examId, to: 'finished' });
    }
    type Basic = {
      rows: { subjectId: number; grade: { count: number }; classes: { className: string }[] }[];
    };
    type Page = {
      page: { total: number; list: { studentId: number; gradeRank: number | null }[] };
    };
    const hostBasic = await ok<Basic>(staff.demo!, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    const total = hostBasic.rows.find((r) => r.subjectId === 0)!;
    expect(total.grade.count).toBe(8);
    expect(total.classes.map((c) => c.className)).toEqual(['示范中学', '学校B']);
    const guestBasic = await ok<Basic>(staff.far!, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    expect(guestBasic.rows.find((r) => r.subjectId === 0)!.classes.map((c) => c.className)).toEqual(
      ['学校A', '远方中学'],
    );
    for (const user of [staff.demo!, staff.far!]) {
      const own = studentsOf.get(user.schoolId)!;
      const rank = await ok<Page>(user, jointExamRoutes.jointGradeRank, {
        jointExamId: joint.id,
        subjectId: 0,
        pageNum: 1,
        pageSize: 200,
      });
      expect(rank.page.total).toBe(own.size);
      for (const r of rank.page.list) expect(own.has(r.studentId)).toBe(true);
      const other = await as(user, jointExamRoutes.jointSchoolBasic, {
        jointExamId: joint.id,
        schoolId: user.schoolId === farId ? server.seed.demoSchoolId : farId,
      });
      expect(other.body).toMatchObject({ code: 403, msg: '只能查看本校的联考报告' });
    }
    // The host organises it: showing names reaches the guest's report.
    await ok(staff.demo!, jointExamRoutes.jointUpdate, {
      jointExamId: joint.id,
      schoolLabels: 'names',
    });
    const named = await ok<Basic>(staff.far!, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    expect(named.rows.find((r) => r.subjectId === 0)!.classes.map((c) => c.className)).toEqual([
      '示范中学',
      '远方中学',
    ]);
  }, 60_000);

  it('no bureau and no other school sees it; a teacher sees only the cross-school exams of their grades', async () => {
    for (const user of [bureau, staff.lab!]) {
      for (const [contract, body] of [
        [jointExamRoutes.jointDetail, {}],
        [jointExamRoutes.jointGradeBasic, {}],
        [jointExamRoutes.jointGradeRank, { subjectId: 0, pageNum: 1, pageSize: 50 }],
        [jointExamRoutes.jointSchoolBasic, { schoolId: farId }],
      ] as const) {
        const result = await as(user, contract, { jointExamId: joint.id, ...body });
        expect(result.body, contract.url).toMatchObject({ code: 404, msg: '联考不存在' });
      }
      const list = await ok<Joint[]>(user, jointExamRoutes.jointList, {});
      expect(list.map((j) => j.id)).not.toContain(joint.id);
    }
    const labCross = await ok<Listing>(staff.lab!, crossSchoolRoutes.crossList, {});
    expect(labCross).toEqual({ exams: [], invites: [] });
    const lead = await ok<Listing>(staff.gradelead!, crossSchoolRoutes.crossList, {});
    expect(lead).toEqual({ exams: [], invites: [] });
    const admin = await ok<Listing>(staff.demo!, crossSchoolRoutes.crossList, {});
    expect(admin.exams).toHaveLength(1);
    expect(admin.invites.length).toBeGreaterThan(0);
    // A role without the key is refused.
    const head = await signIn(server.app, 'head');
    const refused = await as(head, crossSchoolRoutes.crossList, {});
    expect(refused.body).toMatchObject({ code: 403 });
  });

  it('the bureau sees a cross-school exam between two of its own schools, and organises nothing of it', async () => {
    const { db, seed } = server;
    const grade = await db
      .selectFrom('grades')
      .select('id')
      .where('school_id', '=', seed.demoSchoolId)
      .where('academic_year', '=', 2026)
      .where('grade_num', '=', 10)
      .executeTakeFirstOrThrow();
    const classes = await db
      .selectFrom('classes')
      .select('id')
      .where('grade_id', '=', grade.id)
      .execute();
    const exam = await ok<{ id: number; subjects: { id: number }[] }>(
      staff.demo!,
      examRoutes.create,
      {
        name: '高一数学区内互考',
        examType: '周练',
        gradeId: grade.id,
        examDate: '2026-11-25',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
        classIds: classes.map((c) => c.id),
      },
    );
    await ok(staff.demo!, examRoutes.questionsSave, {
      examSubjectId: exam.subjects[0]!.id,
      questions: MATH_QUESTIONS,
    });
    const issued = await ok<{ code: string }>(staff.demo!, crossSchoolRoutes.crossInvite, {
      examId: exam.id,
      schoolLabels: 'codes',
    });
    // 实验中学, of the same district, joins.
    const inRegion = await ok<Joint>(staff.lab!, crossSchoolRoutes.crossJoin, {
      code: issued.code,
    });

    const listed = await ok<Joint[]>(bureau, jointExamRoutes.jointList, {});
    expect(listed.map((j) => j.id)).toContain(inRegion.id);
    // The one with a school of another district stays out of the bureau's sight.
    expect(listed.map((j) => j.id)).not.toContain(joint.id);
    const seen = await ok<Joint>(bureau, jointExamRoutes.jointDetail, { jointExamId: inRegion.id });
    // The bureau sees both schools by name with their exams, whatever the host's labels.
    expect(seen.schools.map((x) => [x.label, x.schoolId, x.examId !== null])).toEqual([
      ['示范中学', seed.demoSchoolId, true],
      ['实验中学', seed.labSchoolId, true],
    ]);
    expect(seen.organising).toBe(false);
    const rename = await as(bureau, jointExamRoutes.jointUpdate, {
      jointExamId: inRegion.id,
      name: '教育局改的名字',
    });
    expect(rename.body).toMatchObject({ code: 403, msg: '只有联考的组织者可以修改联考' });
    // A school outside the pair still sees nothing of it.
    const far = await as(staff.far!, jointExamRoutes.jointDetail, { jointExamId: inRegion.id });
    expect(far.body).toMatchObject({ code: 404, msg: '联考不存在' });

    // Once a school leaves the district, the bureau loses the exam at once.
    const region = await db
      .selectFrom('region_schools')
      .select('region_id')
      .where('school_id', '=', seed.labSchoolId)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('region_schools').where('school_id', '=', seed.labSchoolId).execute();
    try {
      const gone = await as(bureau, jointExamRoutes.jointDetail, { jointExamId: inRegion.id });
      expect(gone.body).toMatchObject({ code: 404, msg: '联考不存在' });
      const after = await ok<Joint[]>(bureau, jointExamRoutes.jointList, {});
      expect(after.map((j) => j.id)).not.toContain(inRegion.id);
    } finally {
      await db
        .insertInto('region_schools')
        .values({ region_id: region.region_id, school_id: seed.labSchoolId })
        .execute();
    }
  });
});
