import {
  examRoutes,
  jointExamRoutes,
  jointReportRoutes,
  type JointExam,
  type RouteContract,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATH_QUESTIONS, xlsxBase64 } from '../exam/testKit';
import {
  DIALECTS,
  signIn,
  startTestServer,
  TEST_NOW,
  type TestServer,
  userCalls,
} from '../test/fixtures';
import { jobFile, pdfText } from '../test/downloadKit';
import { addSchoolInRegion } from '../test/schoolKit';
import { createdJoint } from './poolTestKit';

type Joint = Static<typeof JointExam>;
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
/** Marks of the six leaves for the n-th student of a school: never above the leaf's full marks. */
const marksOf = (n: number) => [n % 2 ? 5 : 0, n % 3 ? 6 : 3, 2, n % 6, n % 5, (n * 3) % 9];

describe.each(DIALECTS)('a joint exam of three schools on %s', (dialect) => {
  let server: TestServer;
  let thirdId: number;
  let bureau: UserInfo;
  const staff: Record<string, UserInfo> = {};
  let joint: Joint;
  /** Every imported total, by school id. */
  const totals = new Map<number, number[]>();
  const studentsOf = new Map<number, Set<number>>();
  /** Every student's leaf marks, by school id. */
  const leavesOf = new Map<number, number[][]>();
  /** Joint total ranks by student id, as the bureau reads them. */
  let jointRanks = new Map<number, number | null>();

  const { as, ok } = userCalls(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db, seed } = server;
    // A third member school of 示范区 with 高一 (1 class, 3 students) and its administrator.
    thirdId = (
      await addSchoolInRegion(db, {
        schoolName: '第三中学',
        loginName: 'third-admin',
        prefix: 'T30',
        region: 'demo-district',
      })
    ).schoolId;
    bureau = await signIn(server.app, 'bureau', { schoolId: seed.demoSchoolId });
    staff.demo = await signIn(server.app, 'admin');
    staff.lab = await signIn(server.app, 'lab-admin');
    staff.third = await signIn(server.app, 'third-admin');
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.clock.set(TEST_NOW));

  const create = (user: UserInfo, body: Record<string, unknown>) =>
    as<Joint>(user, jointExamRoutes.jointCreate, {
      idempotencyKey: 'joint-0001',
      name: '2026学年高一期中联考',
      examType: '期中',
      examDate: '2026-11-12',
      gradeNum: 10,
      schoolIds: [server.seed.demoSchoolId, server.seed.labSchoolId, thirdId],
      subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
      schoolLabels: 'codes',
      ...body,
    });

  it('the bureau creates it: one draft exam per school in its 高一, a retry creates nothing', async () => {
    const created = await create(bureau, {});
    expect(created.body.code).toBe(200);
    joint = created.body.data;
    expect(joint.organiser).toBe('示范区教育局');
    expect(joint.schools.map((s) => [s.label, s.code, s.studentCount])).toEqual([
      ['示范中学', '学校A', 5],
      ['实验中学', '学校B', 20],
      ['第三中学', '学校C', 3],
    ]);
    expect(joint.schools.every((s) => s.examId !== null && s.state === 'draft')).toBe(true);
    const again = await create(bureau, {});
    expect(again.body.data.id).toBe(joint.id);
    const exams = await server.db
      .selectFrom('exams')
      .select('school_id')
      .where('name', '=', '2026学年高一期中联考')
      .orderBy('school_id')
      .execute();
    expect(exams.map((e) => e.school_id)).toEqual([
      server.seed.demoSchoolId,
      server.seed.labSchoolId,
      thirdId,
    ]);
  });

  it('refuses a school outside the region and a participant that does not organise', async () => {
    const outside = await server.db
      .insertInto('schools')
      .values({ code: 'far', name: '区外中学', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await create(bureau, {
      idempotencyKey: 'joint-0002',
      schoolIds: [server.seed.demoSchoolId, outside.id],
    });
    expect(refused.body).toMatchObject({ code: 403, msg: '所选学校不在本区域' });
    const notOrganiser = await as(staff.demo!, jointExamRoutes.jointUpdate, {
      jointExamId: joint.id,
      name: '改名',
    });
    expect(notOrganiser.body).toMatchObject({ code: 403, msg: '只有联考的组织者可以修改联考' });
  });

  it('one paper structure is written to every school, and each school imports its own scores', async () => {
    const saved = await ok<{ schools: number }>(bureau, jointExamRoutes.jointQuestionsSave, {
      jointExamId: joint.id,
      subjectCode: '数学',
      questions: MATH_QUESTIONS,
    });
    expect(saved.schools).toBe(3);
    for (const [key, user] of Object.entries(staff)) {
      // Each school finds the joint exam in its own list, with only its own exam id.
      const list = await ok<Joint[]>(user, jointExamRoutes.jointList, {});
      const mine = list.find((j) => j.id === joint.id)!;
      const own = mine.schools.filter((s) => s.examId !== null);
      expect(own.map((s) => s.schoolId)).toEqual([user.schoolId]);
      const detail = await ok<{ subjects: { id: number }[] }>(user, examRoutes.detail, {
        id: own[0]!.examId,
      });
      const mathId = detail.subjects[0]!.id;
      const paper = await ok<{ questions: unknown[] }>(user, examRoutes.questionsGet, {
        examSubjectId: mathId,
      });
      expect(paper.questions.length, key).toBe(5);
      const students = await server.db
        .selectFrom('exam_students as es')
        .innerJoin('students as s', 's.id', 'es.student_id')
        .select(['s.id', 's.student_no', 's.name'])
        .where('es.exam_id', '=', own[0]!.examId!)
        .orderBy('s.student_no')
        .execute();
      const rows = students.map((s, n) => [s.student_no, s.name, ...marksOf(n + user.schoolId)]);
      totals.set(
        user.schoolId,
        students.map((_, n) => marksOf(n + user.schoolId).reduce((a, b) => a + b, 0)),
      );
      studentsOf.set(user.schoolId, new Set(students.map((s) => s.id)));
      leavesOf.set(
        user.schoolId,
        students.map((_, n) => marksOf(n + user.schoolId)),
      );
      await ok(user, examRoutes.scoreImport, {
        examSubjectId: mathId,
        file: await xlsxBase64([HEADER, ...rows]),
      });
      await ok(user, examRoutes.transition, { id: own[0]!.examId, to: 'finished' });
    }
  });

  it('the joint grade report covers every student; a school sees the others by code until names are shown', async () => {
    const all = [...totals.values()].flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    type Basic = {
      rows: {
        subjectId: number;
        grade: { count: number; mean: number };
        classes: { className: string; stats: { count: number } }[];
        critical: { students: { studentId: number }[] }[];
      }[];
    };
    const byBureau = await ok<Basic>(bureau, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    const total = byBureau.rows.find((r) => r.subjectId === 0)!;
    expect(total.grade.count).toBe(28);
    expect(total.grade.mean).toBeCloseTo(mean, 6);
    expect(total.classes.map((c) => [c.className, c.stats.count])).toEqual([
      ['示范中学', 5],
      ['实验中学', 20],
      ['第三中学', 3],
    ]);

    const byDemo = await ok<Basic>(staff.demo!, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    const demoTotal = byDemo.rows.find((r) => r.subjectId === 0)!;
    expect(demoTotal.grade.mean).toBeCloseTo(mean, 6);
    expect(demoTotal.classes.map((c) => c.className)).toEqual(['示范中学', '学校B', '学校C']);
    const demoStudents = studentsOf.get(server.seed.demoSchoolId)!;
    for (const row of byDemo.rows)
      for (const c of row.critical)
        for (const s of c.students) expect(demoStudents.has(s.studentId)).toBe(true);
    const labList = await ok<Joint[]>(staff.lab!, jointExamRoutes.jointList, {});
    expect(labList.find((j) => j.id === joint.id)!.schools.map((s) => s.label)).toEqual([
      '学校A',
      '实验中学',
      '学校C',
    ]);

    await ok(bureau, jointExamRoutes.jointUpdate, { jointExamId: joint.id, schoolLabels: 'names' });
    const named = await ok<Basic>(staff.demo!, jointExamRoutes.jointGradeBasic, {
      jointExamId: joint.id,
    });
    expect(named.rows.find((r) => r.subjectId === 0)!.classes.map((c) => c.className)).toEqual([
      '示范中学',
      '实验中学',
      '第三中学',
    ]);
    await ok(bureau, jointExamRoutes.jointUpdate, { jointExamId: joint.id, schoolLabels: 'codes' });
  });

  it('ranks and transcripts: each school its own students with joint ranks, the bureau all', async () => {
    type Page = {
      page: { total: number; list: { studentId: number; gradeRank: number | null }[] };
    };
    const bureauRank = await ok<Page>(bureau, jointExamRoutes.jointGradeRank, {
      jointExamId: joint.id,
      subjectId: 0,
      pageNum: 1,
      pageSize: 200,
    });
    expect(bureauRank.page.total).toBe(28);
    const rankOf = new Map(bureauRank.page.list.map((r) => [r.studentId, r.gradeRank]));
    jointRanks = rankOf;
    for (const [key, user] of Object.entries(staff)) {
      const own = studentsOf.get(user.schoolId)!;
      const rank = await ok<Page>(user, jointExamRoutes.jointGradeRank, {
        jointExamId: joint.id,
        subjectId: 0,
        pageNum: 1,
        pageSize: 200,
      });
      expect(rank.page.total, key).toBe(own.size);
      for (const r of rank.page.list) {
        expect(own.has(r.studentId)).toBe(true);
        expect(r.gradeRank).toBe(rankOf.get(r.studentId));
      }
      const transcript = await ok<Page>(user, jointExamRoutes.jointGradeTranscript, {
        jointExamId: joint.id,
        pageNum: 1,
        pageSize: 200,
      });
      expect(transcript.page.list.map((r) => r.studentId).sort()).toEqual([...own].sort());
    }
    // At least one school's best student is not first in the joint ranking: the ranks are joint.
    expect(Math.max(...[...rankOf.values()].map((r) => r ?? 0))).toBeGreaterThan(20);
  });

  it('a school reads its own school page only; the bureau any school', async () => {
    type SchoolBasic = { studentCount: number };
    const own = await ok<SchoolBasic>(staff.lab!, jointExamRoutes.jointSchoolBasic, {
      jointExamId: joint.id,
    });
    expect(own.studentCount).toBe(20);
    const other = await as(staff.lab!, jointExamRoutes.jointSchoolBasic, {
      jointExamId: joint.id,
      schoolId: thirdId,
    });
    expect(other.body).toMatchObject({ code: 403, msg: '只能查看本校的联考报告' });
    const byBureau = await ok<SchoolBasic>(bureau, jointExamRoutes.jointSchoolBasic, {
      jointExamId: joint.id,
      schoolId: thirdId,
    });
    expect(byBureau.studentCount).toBe(3);
  });

  it('comment and ability over every school: the others are aggregates under their codes', async () => {
    type Comment = {
      questions: {
        number: string;
        grade: { count: number; mean: number | null };
        classes: { className: string; mean: number | null }[];
      }[];
    };
    const q1 = (schoolId?: number) => {
      const rows = schoolId === undefined ? [...leavesOf.values()].flat() : leavesOf.get(schoolId)!;
      return rows.reduce((a, r) => a + r[0]!, 0) / rows.length;
    };
    const byBureau = await ok<Comment>(bureau, jointReportRoutes.jointGradeComment, {
      jointExamId: joint.id,
      subjectId: 1,
    });
    const first = byBureau.questions.find((q) => q.number === '1')!;
    expect(first.grade.count).toBe(28);
    expect(first.grade.mean).toBeCloseTo(q1(), 9);
    expect(first.classes.map((c) => c.className)).toEqual(['示范中学', '实验中学', '第三中学']);
    expect(first.classes[1]!.mean).toBeCloseTo(q1(server.seed.labSchoolId), 9);

    const byLab = await ok<Comment>(staff.lab!, jointReportRoutes.jointGradeComment, {
      jointExamId: joint.id,
      subjectId: 1,
    });
    const labFirst = byLab.questions.find((q) => q.number === '1')!;
    expect(labFirst.classes.map((c) => c.className)).toEqual(['学校A', '实验中学', '学校C']);
    expect(labFirst.classes[2]!.mean).toBeCloseTo(q1(thirdId), 9);

    type Ability = {
      knowledgePoints: { tag: string; gradeScoreRate: number | null; classes: unknown[] }[];
      exam: { classes: { name: string }[] };
    };
    const ability = await ok<Ability>(staff.demo!, jointReportRoutes.jointGradeAbility, {
      jointExamId: joint.id,
      subjectId: 1,
    });
    const sets = ability.knowledgePoints.find((k) => k.tag === '集合')!;
    expect(sets.gradeScoreRate).toBeCloseTo(q1() / 5, 9);
    expect(sets.classes).toHaveLength(3);
    expect(ability.exam.classes.map((c) => c.name)).toEqual(['示范中学', '学校B', '学校C']);
  });

  it('class pages: a school opens its own classes only, the bureau every class by school', async () => {
    type Classes = { exam: { classes: { id: number; name: string }[] } };
    const labClasses = await ok<Classes>(staff.lab!, jointReportRoutes.jointReportClasses, {
      jointExamId: joint.id,
    });
    const labOwn = await server.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name'])
      .where('g.school_id', '=', server.seed.labSchoolId)
      .where('g.grade_num', '=', 10)
      .orderBy('c.id')
      .execute();
    expect(labClasses.exam.classes.map((c) => c.id).sort()).toEqual(labOwn.map((c) => c.id).sort());
    const all = await ok<Classes>(bureau, jointReportRoutes.jointReportClasses, {
      jointExamId: joint.id,
    });
    expect(all.exam.classes.some((c) => c.name.startsWith('第三中学 '))).toBe(true);
    expect(all.exam.classes.some((c) => c.name.startsWith('实验中学 '))).toBe(true);
    const thirdClass = all.exam.classes.find((c) => c.name.startsWith('第三中学 '))!;

    type Transcript = {
      className: string;
      exam: { classes: { id: number }[] };
      students: { studentId: number; total: { gradeRank: number | null } | null }[];
    };
    const labClass = labOwn[0]!;
    const transcript = await ok<Transcript>(staff.lab!, jointReportRoutes.jointClassTranscript, {
      jointExamId: joint.id,
      classId: labClass.id,
    });
    const members = await server.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', labClass.id)
      .execute();
    expect(transcript.className).toBe(labClass.name);
    expect(transcript.students.map((s) => s.studentId).sort()).toEqual(
      members.map((m) => m.id).sort(),
    );
    // Ranks are joint ranks (over 28 students), the same the bureau reads.
    for (const s of transcript.students)
      expect(s.total?.gradeRank).toBe(jointRanks.get(s.studentId));
    // The header lists the school's own classes only.
    for (const c of transcript.exam.classes) expect(labOwn.some((o) => o.id === c.id)).toBe(true);

    type ClassComment = {
      questions: {
        number: string;
        class: { count: number };
        grade: { count: number };
        lostStudents: { studentId: number }[];
      }[];
    };
    const comment = await ok<ClassComment>(staff.lab!, jointReportRoutes.jointClassComment, {
      jointExamId: joint.id,
      classId: labClass.id,
      subjectId: 1,
    });
    const labIds = new Set(members.map((m) => m.id));
    for (const q of comment.questions) {
      expect(q.grade.count).toBe(28);
      expect(q.class.count).toBe(members.length);
      for (const s of q.lostStudents) expect(labIds.has(s.studentId)).toBe(true);
    }
    expect(comment.questions.some((q) => q.lostStudents.length > 0)).toBe(true);

    // Another school's class: refused to a school, open to the bureau with its students.
    for (const [contract, extra] of [
      [jointReportRoutes.jointClassTranscript, {}],
      [jointReportRoutes.jointClassComment, { subjectId: 1 }],
      [jointReportRoutes.jointClassAbility, { subjectId: 1 }],
    ] as const) {
      const refused = await as(staff.lab!, contract, {
        jointExamId: joint.id,
        classId: thirdClass.id,
        ...extra,
      });
      expect(refused.body, contract.url).toMatchObject({
        code: 403,
        msg: '只能查看本校的联考报告',
      });
    }
    const thirdByBureau = await ok<Transcript>(bureau, jointReportRoutes.jointClassTranscript, {
      jointExamId: joint.id,
      classId: thirdClass.id,
    });
    expect(thirdByBureau.className).toBe(thirdClass.name);
    expect(thirdByBureau.students.map((s) => s.studentId).sort()).toEqual(
      [...studentsOf.get(thirdId)!].sort(),
    );
    const ability = await ok<{ knowledgePoints: { tag: string; classScoreRate: number | null }[] }>(
      bureau,
      jointReportRoutes.jointClassAbility,
      { jointExamId: joint.id, classId: thirdClass.id, subjectId: 1 },
    );
    const thirdQ1 = leavesOf.get(thirdId)!.reduce((a, r) => a + r[0]!, 0) / 3;
    expect(ability.knowledgePoints.find((k) => k.tag === '集合')!.classScoreRate).toBeCloseTo(
      thirdQ1 / 5,
      9,
    );
  });

  it('the joint report as a PDF job: a school’s PDF names only its own students', async () => {
    const text = async (user: UserInfo) => {
      const { jobId } = await ok<{ jobId: number }>(user, jointReportRoutes.jointReportPdf, {
        jointExamId: joint.id,
      });
      const file = await jobFile(server, user, jobId);
      expect(file.contentType).toContain('application/pdf');
      return pdfText(file.body);
    };
    const third = await server.db
      .selectFrom('students')
      .select('name')
      .where('school_id', '=', thirdId)
      .execute();
    const byLab = await text(staff.lab!);
    expect(byLab).toContain('联考报告');
    expect(byLab).toContain('实验中学');
    expect(byLab).toContain('学校C');
    expect(byLab).not.toContain('第三中学');
    for (const s of third) expect(byLab).not.toContain(s.name);
    const byBureau = await text(bureau);
    expect(byBureau).toContain('第三中学');
    for (const s of third) expect(byBureau).toContain(s.name);
  }, 120_000);

  it('a school outside a joint exam gets every joint route answered as a missing exam', async () => {
    const pair = await createdJoint(server, bureau, {
      idempotencyKey: 'joint-pair-1',
      name: '两校联考',
      examDate: '2026-11-15',
      schoolLabels: 'names',
    });
    const third = staff.third!;
    const list = await ok<Joint[]>(third, jointExamRoutes.jointList, {});
    expect(list.map((j) => j.id)).toEqual([joint.id]);
    const calls: [RouteContract, Record<string, unknown>][] = [
      [jointExamRoutes.jointDetail, {}],
      [jointExamRoutes.jointUpdate, { name: '改名' }],
      [jointExamRoutes.jointQuestionsSave, { subjectCode: '数学', questions: MATH_QUESTIONS }],
      [jointExamRoutes.jointGradeBasic, {}],
      [jointExamRoutes.jointGradeRank, { subjectId: 0, pageNum: 1, pageSize: 50 }],
      [jointExamRoutes.jointGradeTranscript, { pageNum: 1, pageSize: 50 }],
      [jointExamRoutes.jointSchoolBasic, {}],
      [jointReportRoutes.jointReportClasses, {}],
      [jointReportRoutes.jointGradeComment, { subjectId: 1 }],
      [jointReportRoutes.jointGradeAbility, { subjectId: 1 }],
      [jointReportRoutes.jointClassComment, { classId: 1, subjectId: 1 }],
      [jointReportRoutes.jointClassAbility, { classId: 1, subjectId: 1 }],
      [jointReportRoutes.jointClassTranscript, { classId: 1 }],
      [jointReportRoutes.jointReportPdf, {}],
    ];
    for (const [contract, body] of calls) {
      const result = await as(third, contract, { jointExamId: pair.id, ...body });
      expect(result.body, contract.url).toMatchObject({ code: 404, msg: '联考不存在' });
      const missing = await as(third, contract, { jointExamId: 999_999, ...body });
      expect(missing.body, contract.url).toMatchObject({ code: 404, msg: '联考不存在' });
    }
    // Before any school finished, the participants' report says so.
    const early = await as(staff.demo!, jointExamRoutes.jointGradeBasic, { jointExamId: pair.id });
    expect(early.body).toMatchObject({ code: 409, msg: '联考各校尚未完成阅卷，报告尚未生成' });
  });
});
