import {
  analyticRoutes,
  authRoutes,
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  examRoutes,
  jointExamRoutes,
  type AnalyticAnalysis,
  type AnalyticReport,
  type AnalyticStudentTrend,
  type UserInfo,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATH_QUESTIONS, xlsxBase64 } from '../exam/testKit';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import {
  userCalls,
  call,
  DIALECTS,
  signIn,
  startTestServer,
  type TestServer,
} from '../test/fixtures';
import { addClassWithStudents, grantKey, gradeWithClasses } from '../test/schoolKit';
import { jointMathExam } from '../joint/poolTestKit';

type Analysis = Static<typeof AnalyticAnalysis>;
type Report = Static<typeof AnalyticReport>;
type StudentTrend = Static<typeof AnalyticStudentTrend>;
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
/** Six leaf marks summing to `total` (0–30), never above a leaf's full marks (5, 6, 2, 5, 4, 8). */
function marksFor(total: number): number[] {
  const caps = [5, 6, 2, 5, 4, 8];
  let left = total;
  return caps.map((cap) => {
    const m = Math.min(cap, left);
    left -= m;
    return m;
  });
}
/** Percentile rank as the engine defines it: the share of the n ranked students behind. */
const percentile = (rank: number, n: number) => (100 * (n - rank)) / n;

describe.each(DIALECTS)('the analytic centre on %s', (dialect) => {
  let server: TestServer;
  const staff: Record<string, UserInfo> = {};
  /** The three single exams of 示范中学 高一, in date order, with every student's total. */
  const exams: { id: number; totals: Map<number, number> }[] = [];
  let students: { id: number; student_no: string; name: string; class_id: number }[] = [];
  let analysis: Analysis;

  const { as, ok } = userCalls(() => server);

  /** Imports the totals into the exam's 数学 (one subject) and moves it to `to`. */
  async function score(user: UserInfo, examId: number, totals: Map<number, number>, to: string) {
    const detail = await ok<{ subjects: { id: number }[] }>(user, examRoutes.detail, {
      id: examId,
    });
    const subjectId = detail.subjects[0]!.id;
    const saved = await as(user, examRoutes.questionsSave, {
      examSubjectId: subjectId,
      questions: MATH_QUESTIONS,
    });
    expect([200, 400]).toContain(saved.body.code);
    const rows = await server.db
      .selectFrom('exam_students as es')
      .innerJoin('students as s', 's.id', 'es.student_id')
      .select(['s.id', 's.student_no', 's.name'])
      .where('es.exam_id', '=', examId)
      .execute();
    await ok(user, examRoutes.scoreImport, {
      examSubjectId: subjectId,
      file: await xlsxBase64([
        HEADER,
        ...rows.map((s) => [s.student_no, s.name, ...marksFor(totals.get(s.id)!)]),
      ]),
    });
    await ok(user, examRoutes.transition, { id: examId, to: 'finished' });
    if (to === 'published') await ok(user, examRoutes.transition, { id: examId, to });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db, seed } = server;
    // The 班主任 of 高一(1)班 may use the analytic centre, for the data-scope checks.
    await grantKey(db, seed.demoSchoolId, '班主任', 'Exam-AnalyticCenter');
    for (const login of ['admin', 'head', 'gradelead', 'lab-admin'])
      staff[login] = await signIn(server.app, login);
    const { gradeId } = await gradeWithClasses(db, seed.demoSchoolId);
    // A second 高一 class (the small demo has one), so that a 班主任 has a class to be kept out of.
    await addClassWithStudents(db, {
      schoolId: seed.demoSchoolId,
      grade: gradeId,
      className: '高一(2)班',
      names: ['赵同学', '钱同学', '孙同学'],
      prefix: 'D20',
    });
    const { classIds } = await gradeWithClasses(db, seed.demoSchoolId);
    students = await db
      .selectFrom('students')
      .select(['id', 'student_no', 'name', 'class_id'])
      .where('class_id', 'in', classIds)
      .orderBy('student_no')
      .execute();
    // Three exams: each student's total moves (the first student falls, the last one climbs).
    for (const [e, date] of ['2026-11-01', '2026-11-08', '2026-11-15'].entries()) {
      const exam = await ok<{ id: number }>(staff.admin!, examRoutes.create, {
        name: `高一数学周测${e + 1}`,
        examType: '周练',
        gradeId,
        examDate: date,
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
        classIds,
      });
      const totals = new Map(
        students.map((s, n) => [
          s.id,
          n === 0 ? 28 - 8 * e : n === students.length - 1 ? 4 + 9 * e : 10 + n * 2 + e,
        ]),
      );
      await score(staff.admin!, exam.id, totals, 'published');
      exams.push({ id: exam.id, totals });
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('combines three exams in date order; a retry creates nothing; an unfinished exam is refused', async () => {
    const body = {
      idempotencyKey: 'analytic-0001',
      name: '高一数学三次周测',
      kind: 'single',
      examIds: [exams[2]!.id, exams[0]!.id, exams[1]!.id],
    };
    analysis = await ok<Analysis>(staff.admin!, analyticRoutes.analyticCreate, body);
    expect(analysis.exams.map((e) => e.name)).toEqual([
      '高一数学周测1',
      '高一数学周测2',
      '高一数学周测3',
    ]);
    const again = await ok<Analysis>(staff.admin!, analyticRoutes.analyticCreate, body);
    expect(again.id).toBe(analysis.id);
    const list = await ok<Analysis[]>(staff.admin!, analyticRoutes.analyticList, {});
    expect(list.map((a) => a.id)).toEqual([analysis.id]);
    const draft = await ok<{ id: number }>(staff.admin!, examRoutes.create, {
      name: '未完成的考试',
      examType: '周练',
      gradeId: (
        await server.db
          .selectFrom('exams')
          .select('grade_id')
          .where('id', '=', exams[0]!.id)
          .executeTakeFirstOrThrow()
      ).grade_id,
      examDate: '2026-11-20',
      subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
      classIds: [students[0]!.class_id],
    });
    const refused = await as(staff.admin!, analyticRoutes.analyticCreate, {
      ...body,
      idempotencyKey: 'analytic-0002',
      examIds: [exams[0]!.id, draft.id],
    });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: '考试“未完成的考试”尚未完成阅卷，不能加入分析',
    });
  });

  it('renames an analysis and changes its exams; a blank name or another school is refused', async () => {
    const update = (user: UserInfo, body: Record<string, unknown>) =>
      as(user, analyticRoutes.analyticUpdate, { analysisId: analysis.id, ...body });
    const two = await ok<Analysis>(staff.admin!, analyticRoutes.analyticUpdate, {
      analysisId: analysis.id,
      name: '高一数学后两次周测',
      examIds: [exams[2]!.id, exams[1]!.id],
    });
    expect(two.name).toBe('高一数学后两次周测');
    expect(two.exams.map((e) => e.name)).toEqual(['高一数学周测2', '高一数学周测3']);
    const detail = await ok<Analysis>(staff.admin!, analyticRoutes.analyticDetail, {
      analysisId: analysis.id,
    });
    expect(detail.exams.map((e) => e.id)).toEqual([exams[1]!.id, exams[2]!.id]);

    expect((await update(staff.admin!, { name: '   ' })).body).toMatchObject({
      code: 400,
      msg: '请输入分析名称',
    });
    expect((await update(staff['lab-admin']!, { name: '越权' })).body).toMatchObject({
      code: 404,
      msg: '分析不存在',
    });
    const back = await ok<Analysis>(staff.admin!, analyticRoutes.analyticUpdate, {
      analysisId: analysis.id,
      name: '高一数学三次周测',
      examIds: exams.map((e) => e.id),
    });
    expect(back.name).toBe('高一数学三次周测');
    expect(back.exams.map((e) => e.id)).toEqual(exams.map((e) => e.id));
  });

  it('the grade report: each exam’s mean, each student’s totals, grade ranks and percentile ranks across the exams', async () => {
    const report = await ok<Report>(staff.admin!, analyticRoutes.analyticReport, {
      analysisId: analysis.id,
      pageNum: 1,
      pageSize: 200,
    });
    const n = students.length;
    for (const [e, exam] of exams.entries()) {
      const all = [...exam.totals.values()];
      expect(report.exams[e]!.count).toBe(n);
      expect(report.exams[e]!.mean).toBeCloseTo(all.reduce((a, b) => a + b, 0) / n, 9);
    }
    expect(report.students.total).toBe(n);
    const first = report.students.list.find((s) => s.studentId === students[0]!.id)!;
    const last = report.students.list.find((s) => s.studentId === students[n - 1]!.id)!;
    expect(first.points.map((p) => p!.score)).toEqual([28, 20, 12]);
    expect(last.points.map((p) => p!.score)).toEqual([4, 13, 22]);
    for (const row of report.students.list)
      for (const [e, exam] of exams.entries()) {
        const mine = exam.totals.get(row.studentId)!;
        const rank = 1 + [...exam.totals.values()].filter((t) => t > mine).length;
        expect(row.points[e]).toEqual({
          score: mine,
          gradeRank: rank,
          percentile: percentile(rank, n),
        });
      }
    // The list is ordered by the latest exam's grade rank.
    const latest = report.students.list.map((s) => s.points[2]!.gradeRank);
    expect(latest).toEqual([...latest].sort((a, b) => a! - b!));
    // Each class's mean per exam is the mean of its students' totals.
    for (const group of report.groups) {
      const classId = Number(group.key.slice(1));
      const members = students.filter((s) => s.class_id === classId);
      group.means.forEach((mean, e) => {
        const totals = members.map((s) => exams[e]!.totals.get(s.id)!);
        expect(mean).toBeCloseTo(totals.reduce((a, b) => a + b, 0) / totals.length, 9);
      });
    }
    // Subject-level trends: 数学 in each exam, for the exam and for each class, from the
    // subject's stored figures (here the one subject, so its means are the totals' means).
    expect(report.subjects.map((s) => s.name)).toEqual(['数学']);
    const math = report.subjects[0]!;
    expect(math.fullMarks).toEqual([30, 30, 30]);
    math.means.forEach((mean, e) => {
      const all = [...exams[e]!.totals.values()];
      expect(mean).toBeCloseTo(all.reduce((a, b) => a + b, 0) / n, 9);
    });
    expect(math.groups.map((g) => g.key)).toEqual(report.groups.map((g) => g.key));
    for (const group of math.groups) {
      const classId = Number(group.key.slice(1));
      const members = students.filter((s) => s.class_id === classId);
      expect(group.means).toEqual(
        exams.map((exam) => {
          const totals = members.map((s) => exam.totals.get(s.id)!);
          return expect.closeTo(totals.reduce((a, b) => a + b, 0) / totals.length, 9);
        }),
      );
    }
  });

  it('one student’s subject trend: the subject’s stored score, grade rank and percentile per exam; a student outside the caller’s classes 404', async () => {
    const n = students.length;
    const climber = students[n - 1]!;
    const trend = await ok<StudentTrend>(staff.admin!, analyticRoutes.analyticStudent, {
      analysisId: analysis.id,
      studentId: climber.id,
    });
    expect(trend.student).toMatchObject({
      studentId: climber.id,
      studentNo: climber.student_no,
      name: climber.name,
    });
    expect(trend.exams.map((e) => [e.name, e.fullMarks])).toEqual([
      ['高一数学周测1', 30],
      ['高一数学周测2', 30],
      ['高一数学周测3', 30],
    ]);
    const expected = exams.map((exam) => {
      const mine = exam.totals.get(climber.id)!;
      const rank = 1 + [...exam.totals.values()].filter((t) => t > mine).length;
      return { score: mine, gradeRank: rank, percentile: percentile(rank, n) };
    });
    // 4, 13, 22 out of 30: last, then middling, then first.
    expect(expected.map((p) => p.score)).toEqual([4, 13, 22]);
    expect(trend.total).toEqual(expected);
    expect(trend.subjects).toEqual([{ name: '数学', fullMarks: [30, 30, 30], points: expected }]);

    // A 班主任 of 高一(1)班 reads their own student, not one of 高一(2)班.
    const head = staff.head!;
    const own = await ok<Report>(head, analyticRoutes.analyticReport, {
      analysisId: analysis.id,
      pageNum: 1,
      pageSize: 200,
    });
    const mine = own.students.list[0]!;
    const read = await ok<StudentTrend>(head, analyticRoutes.analyticStudent, {
      analysisId: analysis.id,
      studentId: mine.studentId,
    });
    expect(read.subjects[0]!.points).toEqual(mine.points);
    const ownClass = new Set(own.classes.map((c) => c.classId));
    const outside = students.find((s) => !ownClass.has(s.class_id))!;
    expect(
      (
        await as(head, analyticRoutes.analyticStudent, {
          analysisId: analysis.id,
          studentId: outside.id,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '本分析中没有该学生，或无权查看该学生' });
    // Another school's staff: the analysis itself is missing.
    expect(
      (
        await as(staff['lab-admin']!, analyticRoutes.analyticStudent, {
          analysisId: analysis.id,
          studentId: climber.id,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '分析不存在' });
  });

  it('a class report keeps to the class; a 班主任 sees their own class only; others see nothing', async () => {
    const classId = students[0]!.class_id;
    const byClass = await ok<Report>(staff.admin!, analyticRoutes.analyticReport, {
      analysisId: analysis.id,
      classId,
      pageNum: 1,
      pageSize: 200,
    });
    expect(byClass.groups.map((g) => g.key)).toEqual([`c${classId}`]);
    expect(byClass.subjects[0]!.groups.map((g) => g.key)).toEqual([`c${classId}`]);
    const members = new Set(students.filter((s) => s.class_id === classId).map((s) => s.id));
    expect(byClass.students.list.map((s) => s.studentId).sort()).toEqual([...members].sort());

    const head = staff.head!;
    const own = await ok<Report>(head, analyticRoutes.analyticReport, {
      analysisId: analysis.id,
      pageNum: 1,
      pageSize: 200,
    });
    const ownClasses = new Set(own.classes.map((c) => c.classId));
    expect(own.classes.map((c) => c.className)).toEqual(['高一(1)班']);
    for (const s of own.students.list) {
      const student = students.find((x) => x.id === s.studentId)!;
      expect(ownClasses.has(student.class_id)).toBe(true);
    }
    expect(own.groups.map((g) => g.name)).toEqual(['高一(1)班']);
    expect(own.students.total).toBe(5);
    const other = students.find((s) => !ownClasses.has(s.class_id))!;
    {
      const refused = await as(head, analyticRoutes.analyticReport, {
        analysisId: analysis.id,
        classId: other.class_id,
        pageNum: 1,
        pageSize: 50,
      });
      expect(refused.body).toMatchObject({ code: 403 });
    }
    // A 年级主任 of 高二 does not see a 高一 analysis; another school does not see it either.
    for (const user of [staff.gradelead!, staff['lab-admin']!]) {
      const list = await ok<Analysis[]>(user, analyticRoutes.analyticList, {});
      expect(list).toEqual([]);
      for (const contract of [analyticRoutes.analyticDetail, analyticRoutes.analyticRemove])
        expect((await as(user, contract, { analysisId: analysis.id })).body).toMatchObject({
          code: 404,
          msg: '分析不存在',
        });
    }
  });

  it('exports the analysis as .xlsx through the download centre, kept to what the caller sees', async () => {
    const jobFile = async (user: UserInfo, body: Record<string, unknown>) => {
      const { jobId } = await ok<{ jobId: number }>(user, analyticRoutes.analyticExport, body);
      let job = { state: '', fileName: '' as string | null };
      for (let i = 0; i < 300 && job.state !== 'done' && job.state !== 'failed'; i++) {
        job = await ok(user, downloadRoutes.downloadStatus, { jobId });
        if (job.state !== 'done') await new Promise((r) => setTimeout(r, 20));
      }
      expect(job.state).toBe('done');
      const file = await server.app.inject({
        method: 'GET',
        url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
        headers: { token: user.token },
      });
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheets = new Map<string, string[][]>();
      for (const sheet of workbook.worksheets) {
        const rows: string[][] = [];
        sheet.eachRow((row) => {
          const cells: string[] = [];
          row.eachCell({ includeEmpty: true }, (c) =>
            cells.push(c.value === null ? '' : String(c.value)),
          );
          rows.push(cells);
        });
        sheets.set(sheet.name, rows);
      }
      return { fileName: job.fileName, sheets };
    };
    const n = students.length;
    const whole = await jobFile(staff.admin!, { analysisId: analysis.id });
    expect(whole.fileName).toBe('高一数学三次周测-分析中心.xlsx');
    expect([...whole.sheets.keys()]).toEqual(['考试概况', '班级趋势', '学科趋势', '学生趋势']);
    const overview = whole.sheets.get('考试概况')!;
    expect(overview[0]).toEqual(['考试', '日期', '满分', '人数', '平均分']);
    expect(overview.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['高一数学周测1', '2026-11-01', '30', String(n)],
      ['高一数学周测2', '2026-11-08', '30', String(n)],
      ['高一数学周测3', '2026-11-15', '30', String(n)],
    ]);
    const round = (x: number) => String(Math.round(x * 100) / 100);
    const meanOf = (e: number) => [...exams[e]!.totals.values()].reduce((a, b) => a + b, 0) / n;
    expect(overview[1]![4]).toBe(round(meanOf(0)));
    const subjects = whole.sheets.get('学科趋势')!;
    expect(subjects[0]).toEqual([
      '学科',
      '班级',
      '高一数学周测1',
      '高一数学周测2',
      '高一数学周测3',
    ]);
    expect(subjects[1]).toEqual([
      '数学',
      '全体',
      round(meanOf(0)),
      round(meanOf(1)),
      round(meanOf(2)),
    ]);
    expect(subjects.slice(2).map((r) => r[1])).toEqual(['高一(1)班', '高一(2)班']);
    const studentRows = whole.sheets.get('学生趋势')!;
    expect(studentRows).toHaveLength(1 + n);
    const first = studentRows.find((r) => r[0] === students[0]!.student_no)!;
    expect(first.slice(3, 4).concat(first.slice(6, 7), first.slice(9, 10))).toEqual([
      '28',
      '20',
      '12',
    ]);

    // A 班主任's export holds their own class only; another class is refused, as on the page.
    const head = staff.head!;
    const own = await jobFile(head, { analysisId: analysis.id });
    const ownRows = own.sheets.get('学生趋势')!.slice(1);
    expect(ownRows).toHaveLength(5);
    expect(new Set(ownRows.map((r) => r[2]))).toEqual(new Set(['高一(1)班']));
    const other = students.find((s) => s.class_id !== students[0]!.class_id)!;
    const refused = await as(head, analyticRoutes.analyticExport, {
      analysisId: analysis.id,
      classId: other.class_id,
    });
    expect(refused.body).toMatchObject({ code: 403 });
    // Another school: the analysis does not exist.
    const outside = await as(staff['lab-admin']!, analyticRoutes.analyticExport, {
      analysisId: analysis.id,
    });
    expect(outside.body).toMatchObject({ code: 404, msg: '分析不存在' });
  });

  it('an analysis of joint exams: schools as the joint report names them, own students with joint percentile ranks', async () => {
    const bureau = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    const lab = staff['lab-admin']!;
    const joints: number[] = [];
    const totalsOf: Map<number, number>[] = [];
    for (const [e, date] of ['2026-11-10', '2026-11-17'].entries()) {
      const joint = await jointMathExam(server, bureau, {
        idempotencyKey: `joint-analytic-${e}`,
        name: `两校联考${e + 1}`,
        examType: '月测',
        examDate: date,
      });
      const totals = new Map<number, number>();
      for (const user of [staff.admin!, lab]) {
        const list = await ok<{ id: number; schools: { examId: number | null }[] }[]>(
          user,
          jointExamRoutes.jointList,
          {},
        );
        const examId = list.find((j) => j.id === joint.id)!.schools.find((s) => s.examId)!.examId!;
        const takers = await server.db
          .selectFrom('exam_students')
          .select('student_id')
          .where('exam_id', '=', examId)
          .execute();
        for (const [i, t] of takers.entries())
          totals.set(t.student_id, (i * 7 + e * 11 + user.schoolId) % 31);
        await score(user, examId, totals, 'finished');
      }
      joints.push(joint.id);
      totalsOf.push(totals);
    }
    const made = await ok<Analysis>(staff.admin!, analyticRoutes.analyticCreate, {
      idempotencyKey: 'analytic-joint-1',
      name: '两校联考趋势',
      kind: 'multiple',
      examIds: joints,
    });
    for (const user of [staff.admin!, lab]) {
      if (user === lab) {
        // The lab school builds its own analysis of the same joint exams.
        const labMade = await ok<Analysis>(lab, analyticRoutes.analyticCreate, {
          idempotencyKey: 'analytic-joint-2',
          name: '联考趋势',
          kind: 'multiple',
          examIds: joints,
        });
        expect(labMade.id).not.toBe(made.id);
      }
      const mine = await ok<Analysis[]>(user, analyticRoutes.analyticList, {});
      const id = mine.find((a) => a.kind === 'multiple')!.id;
      const report = await ok<Report>(user, analyticRoutes.analyticReport, {
        analysisId: id,
        pageNum: 1,
        pageSize: 200,
      });
      const ownIds = new Set(
        (
          await server.db
            .selectFrom('students')
            .select('id')
            .where('school_id', '=', user.schoolId)
            .execute()
        ).map((s) => s.id),
      );
      expect(report.groups.map((g) => g.name)).toEqual(
        user === lab ? ['学校A', '实验中学'] : ['示范中学', '学校B'],
      );
      expect(report.students.total).toBeGreaterThan(0);
      for (const row of report.students.list) {
        expect(ownIds.has(row.studentId)).toBe(true);
        row.points.forEach((p, e) => {
          const all = [...totalsOf[e]!.values()];
          const mineTotal = totalsOf[e]!.get(row.studentId)!;
          const rank = 1 + all.filter((t) => t > mineTotal).length;
          expect(p).toEqual({
            score: mineTotal,
            gradeRank: rank,
            percentile: percentile(rank, all.length),
          });
        });
      }
      for (const [e] of joints.entries()) expect(report.exams[e]!.count).toBe(totalsOf[e]!.size);
      // One own student's subject trend carries the joint ranks; another school's student is
      // never shown (404, as a missing one).
      const row = report.students.list[0]!;
      const trend = await ok<StudentTrend>(user, analyticRoutes.analyticStudent, {
        analysisId: id,
        studentId: row.studentId,
      });
      expect(trend.subjects).toEqual([{ name: '数学', fullMarks: [30, 30], points: row.points }]);
      const stranger = [...totalsOf[0]!.keys()].find((sid) => !ownIds.has(sid))!;
      expect(
        (await as(user, analyticRoutes.analyticStudent, { analysisId: id, studentId: stranger }))
          .body,
      ).toMatchObject({ code: 404, msg: '本分析中没有该学生，或无权查看该学生' });
    }
  }, 60_000);
});
