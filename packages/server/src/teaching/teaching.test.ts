import { resourceWrongRoutes, teachingRoutes } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { namedCalls, DIALECTS } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

const r = teachingRoutes;

/**
 * Two published exams of the report fixture (docs/reports.md: s1 … s5, 数学 q1 5 key A, q2 10,
 * 语文 q1 20; s3 缺考 in 语文), so every figure here is worked by hand from its table.
 */
describe.each(DIALECTS)('the teaching views on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let first: ReportFixture;
  let second: ReportFixture;
  const tokens: Record<string, string> = {};

  const { answer, ok, signInAll } = namedCalls(() => server, tokens);

  beforeAll(async () => {
    first = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '教学视图一测',
      examDate: '2026-11-20',
    });
    second = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '教学视图二测',
      examDate: '2026-11-25',
    });
    await signInAll('admin', 'head', 'teacher', 'lab-admin');
  });

  it('题目列表 of a class lists the questions and knowledge points at or under the rate', async () => {
    const data = await ok('admin', r.topicList, {
      examId: first.examId,
      level: 'class',
      classId: first.class1,
      threshold: 0.7,
    });
    expect(data.classes.map((c) => c.classId)).toEqual([first.class1, first.class9]);
    // 高一(1)班: 数学 q1 (5+0+5)/3 of 5 = 0.667, q2 (10+6+4)/3 of 10 = 0.667; 语文 15/20 = 0.75
    expect(data.questions.map((q) => [q.subjectName, q.number])).toEqual([
      ['数学', '1'],
      ['数学', '2'],
    ]);
    expect(data.questions[0]!.scoreRate).toBeCloseTo(2 / 3, 6);
    // the grade: q1 (5+0+5+0+0)/5 of 5 = 0.4
    expect(data.questions[0]!.gradeScoreRate).toBeCloseTo(0.4, 6);
    // s2 chose B
    expect(data.questions[0]!.wrongCount).toBe(1);
    expect(data.points.map((p) => p.point).sort()).toEqual(['几何', '函数'].sort());
  });

  it('题目列表 of the grade is the grade report’s: a 班主任 is refused, another school 404', async () => {
    const grade = await ok('admin', r.topicList, {
      examId: first.examId,
      level: 'grade',
      classId: null,
      threshold: 0.55,
    });
    expect(grade.questions.map((q) => [q.subjectName, q.number, q.wrongCount])).toEqual([
      ['数学', '1', 3],
    ]);
    // 函数: (2 + 6) / 15 = 0.533; 几何 6/10 = 0.6
    expect(grade.points.map((p) => p.point)).toEqual(['函数']);
    expect(grade.points[0]!.scoreRate).toBeCloseTo(8 / 15, 6);
    const body = { examId: first.examId, level: 'grade', classId: null, threshold: 0.55 };
    expect((await answer('head', r.topicList, body)).code).toBe(403);
    expect((await answer('lab-admin', r.topicList, body)).code).toBe(404);
  });

  it('a 数学 teacher’s topic list and teaching summary keep to 数学 in their classes', async () => {
    const data = await ok('teacher', r.topicList, {
      examId: first.examId,
      level: 'class',
      classId: null,
      threshold: 1,
    });
    expect(data.classes.map((c) => c.classId)).toEqual([first.class1]);
    expect(new Set(data.questions.map((q) => q.subjectName))).toEqual(new Set(['数学']));
    const outside = { examId: first.examId, level: 'class', classId: first.class9, threshold: 1 };
    expect((await answer('teacher', r.topicList, outside)).code).toBe(403);

    const summary = await ok('teacher', r.teachSummary, { limit: 2 });
    const mine = summary.rows.filter((row) => row.examId === second.examId);
    expect(mine.map((row) => [row.className, row.subjectName])).toEqual([['高一(1)班', '数学']]);
    // 数学 means: 高一(1)班 (15+6+9)/3 = 10, grade (15+6+9+8+2)/5 = 8, first of 2 classes
    expect(mine[0]).toMatchObject({ mean: 10, gradeMean: 8, rank: 1, classCount: 2 });
  });

  it('a student’s record: totals, percentiles, subjects, knowledge points and wrong questions', async () => {
    const s2 = first.students[1]!;
    const data = await ok('head', r.studentRecord, { studentId: s2 });
    expect(data.student).toMatchObject({ studentId: s2, className: '高一(1)班' });
    const exams = data.exams.filter((e) => [first.examId, second.examId].includes(e.examId));
    expect(exams.map((e) => e.examName)).toEqual(['教学视图一测', '教学视图二测']);
    // s2: 18 total, third of the four ranked (s3 缺考 语文): percentile 100 × (4 − 3) / 4
    expect(exams[0]!.total).toMatchObject({ score: 18, gradeRank: 3, percentile: 25 });
    expect(exams[0]!.total!.gradeMean).toBeCloseTo((33 + 18 + 23 + 11) / 4, 6);
    // 数学 6: fourth of five → 20; 语文 12: third of four → 25
    expect(exams[0]!.subjects.map((s) => [s.subjectName, s.score, s.percentile])).toEqual([
      ['数学', 6, 20],
      ['语文', 12, 25],
    ]);
    // q1 (objective, B) is wrong; q2 6/10 and 语文 12/20 are at 60 %: not wrong
    expect(exams.map((e) => e.wrongCount)).toEqual([1, 1]);
    const wrong = data.wrongQuestions.filter((w) => w.examId === second.examId);
    expect(wrong.map((w) => [w.subjectName, w.number, w.score])).toEqual([['数学', '1', 0]]);
    // the fixture's students sat only these two exams: 函数 (0 + 6) / 15 in each
    expect(data.points[0]).toMatchObject({ subjectName: '数学', point: '函数' });
    expect(data.points[0]!.scoreRate).toBeCloseTo(0.4, 6);
  });

  it('a student outside the scope or of another school answers as a missing one', async () => {
    const s4 = first.students[3]!;
    const missing = await answer('head', r.studentRecord, { studentId: 9_999_999 });
    expect(missing.code).toBe(404);
    expect(await answer('head', r.studentRecord, { studentId: s4 })).toEqual(missing);
    expect(await answer('lab-admin', r.studentRecord, { studentId: s4 })).toEqual(
      await answer('lab-admin', r.studentRecord, { studentId: 9_999_999 }),
    );
    // a 任课教师 holds no 学情 key
    expect((await answer('teacher', r.studentRecord, { studentId: s4 })).code).toBe(403);
    // a 数学 teacher given the key would see 数学 only and no total: checked in the scope table
  });

  it('a class’s record: means and ranks beside the grade, mastery, common errors', async () => {
    const data = await ok('head', r.classRecord, { classId: first.class1 });
    const exam = data.exams.find((e) => e.examId === first.examId)!;
    // 总分: 高一(1)班 (33 + 18) / 2 (s3 缺考), the grade (33 + 18 + 23 + 11) / 4
    expect(exam.total!.mean).toBeCloseTo(25.5, 6);
    expect(exam.total!.rank).toBe(1);
    expect(exam.subjects.map((s) => [s.subjectName, s.mean, s.gradeMean])).toEqual([
      ['数学', 10, 8],
      ['语文', 15, 13.5],
    ]);
    const math = data.points.filter((p) => p.subjectName === '数学');
    expect(math.map((p) => p.point).sort()).toEqual(['几何', '函数'].sort());
    expect(math[0]!.scoreRate).toBeCloseTo(2 / 3, 6);
    expect(data.commonErrors[0]).toMatchObject({ subjectName: '数学', number: '1', wrongCount: 1 });
    expect((await answer('head', r.classRecord, { classId: first.class9 })).code).toBe(403);
    expect(await answer('lab-admin', r.classRecord, { classId: first.class1 })).toEqual(
      await answer('lab-admin', r.classRecord, { classId: 9_999_999 }),
    );
  });

  it('巩固提升 lets a 班主任 and a 任课教师 ask for similar questions of their own classes only', async () => {
    const body = { examId: first.examId, limit: 2 };
    const head = await ok('head', resourceWrongRoutes.similarRecommend, body);
    expect(head.classes.map((c) => c.classId)).toEqual([first.class1]);
    const teacher = await ok('teacher', resourceWrongRoutes.similarRecommend, body);
    expect(teacher.classes.map((c) => c.classId)).toEqual([first.class1]);
    expect(new Set(teacher.classes.flatMap((c) => c.questions.map((q) => q.subjectName)))).toEqual(
      new Set(['数学']),
    );
  });

  it('学情概况·年级 sets each class’s mean and rank beside the others, exam by exam', async () => {
    const data = await ok('admin', r.gradeSituation, { gradeId: first.gradeId });
    const at = (examId: number) => data.exams.findIndex((e) => e.examId === examId);
    const [a, b] = [at(first.examId), at(second.examId)];
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a);
    const row = (classId: number, subject: string) =>
      data.classes.find((c) => c.classId === classId && c.subjectName === subject)!;
    // 总分: 高一(1)班 (33 + 18) / 2 = 25.5 first, 高一(9)班 (23 + 11) / 2 = 17 second
    expect(row(first.class1, '总分').means[a]).toBeCloseTo(25.5, 6);
    expect(row(first.class9, '总分').means[b]).toBeCloseTo(17, 6);
    expect([row(first.class1, '总分').ranks[a], row(first.class9, '总分').ranks[a]]).toEqual([
      1, 2,
    ]);
    // 数学: 高一(1)班 10, 高一(9)班 5
    expect(row(first.class9, '数学').means[a]).toBeCloseTo(5, 6);
    // a 班主任 holds no 学情概况 key; another school's grade is a missing one
    expect((await answer('head', r.gradeSituation, { gradeId: first.gradeId })).code).toBe(403);
    expect(await answer('lab-admin', r.gradeSituation, { gradeId: first.gradeId })).toEqual(
      await answer('lab-admin', r.gradeSituation, { gradeId: 9_999_999 }),
    );
  });

  it('the study pickers list the caller’s classes of the year and a class’s students', async () => {
    const head = await ok('head', r.studyClasses, { classId: null });
    expect(head.classes.map((c) => c.classId)).toEqual([first.class1]);
    expect(head.students.map((s) => s.studentId)).toEqual(
      expect.arrayContaining(first.students.slice(0, 3)),
    );
    expect((await answer('head', r.studyClasses, { classId: first.class9 })).code).toBe(403);
  });
});
