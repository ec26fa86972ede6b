import {
  administrationRoutes,
  teachResearchRoutes,
  teachResearchUsageRoutes,
  type DataOf,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { userIdOf, namedCalls, DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';

const r = teachResearchRoutes;
const ATTENTION = { drop: 10, line: 20 };

/**
 * 教研中心's 师生学情 and 数据大屏 over two published exams of the report fixture (docs/reports.md:
 * s1 … s5; 总分 33, 18, 缺考, 23, 11). In the second, s1 wrote 2 in 语文 instead of 18 (总分 17),
 * so the total's percentiles (the share of the four ranked behind) are worked by hand:
 * first exam s1 75, s2 25, s4 50, s5 0; second s1 25, s2 50, s4 75, s5 0.
 */
describe.each(DIALECTS)('教研中心·师生学情 and 数据大屏 on %s', (dialect) => {
  let server: TestServer;
  let first: ReportFixture;
  let second: ReportFixture;
  let teacherId: number;
  let graderId: number;
  const tokens: Record<string, string> = {};

  const { answer, ok, signInAll } = namedCalls(() => server, tokens);
  const userId = (login: string) => userIdOf(server.db, server.seed.demoSchoolId, login);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    first = await insertReportFixture(db, schoolId, { name: '教研一测', examDate: '2026-12-20' });
    second = await insertReportFixture(db, schoolId, { name: '教研二测', examDate: '2026-12-25' });
    const s1 = second.students[0]!;
    const now = server.clock.now().getTime();
    await db
      .updateTable('exam_scores')
      .set({ score: 2 })
      .where('exam_subject_id', '=', second.chinese.id)
      .where('student_id', '=', s1)
      .execute();
    await db
      .updateTable('exam_subject_totals')
      .set({ score: 2 })
      .where('exam_subject_id', '=', second.chinese.id)
      .where('student_id', '=', s1)
      .execute();
    // the 班主任 of 高一(1)班 is given 师生学情 and 波动趋势 (the demo gives them to 校长, 教务主任 …)
    for (const key of ['Teach-Research-Study', 'Teach-Research-Fluctuation'])
      await grantKey(db, schoolId, '班主任', key);
    // 数学 of the second exam marked twice: 李老师 and 王阅卷 agree on one paper, not on the other
    teacherId = await userId('teacher');
    graderId = await userId('grader');
    const block = await db
      .insertInto('marking_blocks')
      .values({
        school_id: schoolId,
        exam_id: second.examId,
        exam_subject_id: second.math.id,
        name: '数学第2题',
        question_ids: JSON.stringify([second.math.q2]),
        question_full_half: JSON.stringify([20]),
        full_score_half: 20,
        mode: 'double',
        tolerance_half: 2,
        step_half: 2,
        distribution: 'pool',
        anonymous: 1,
        guide: '',
        answer: '',
        state: 'finished',
        recheck_percent: 0,
        lease_ms: 600_000,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('marking_block_users')
      .values([
        { block_id: block.id, user_id: teacherId, role: 'marker', quota: null },
        { block_id: block.id, user_id: graderId, role: 'marker', quota: null },
      ])
      .execute();
    // half-points: paper 1 marked 20 and 20, paper 2 marked 12 and 4 (apart by more than 2)
    const marks: [number, number, number][] = [
      [second.students[0]!, 20, 20],
      [second.students[1]!, 12, 4],
    ];
    for (const [studentId, mine, theirs] of marks) {
      const paper = await db
        .insertInto('marking_papers')
        .values({
          block_id: block.id,
          student_id: studentId,
          crop_key: `crop-${studentId}`,
          state: 'done',
          is_seed: 0,
          seed_score_half: null,
          final_score_half: null,
          final_parts: null,
          final_source: null,
          finished_at: now,
          problem_reason: null,
          problem_note: null,
          problem_user_id: null,
          problem_at: null,
          sample_kind: null,
          sample_note: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('marking_tasks')
        .values(
          [
            [1, teacherId, mine],
            [2, graderId, theirs],
          ].map(([slot, user, score]) => ({
            block_id: block.id,
            paper_id: paper.id,
            slot: slot!,
            state: 'done' as const,
            assigned_to: null,
            user_id: user!,
            lease_token: null,
            lease_expires_at: null,
            score_half: score!,
            parts: JSON.stringify([score]),
            submitted_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    await signInAll('admin', 'head', 'teacher', 'lab-admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  const examIndex = (exams: { examId: number }[], examId: number) =>
    exams.findIndex((e) => e.examId === examId);

  it('学生: lists who fell by the chosen points or is under the line, with their percentiles', async () => {
    const data = await ok('admin', r.studyStudents, { gradeId: first.gradeId, ...ATTENTION });
    const [a, b] = [examIndex(data.exams, first.examId), examIndex(data.exams, second.examId)];
    expect(b).toBeGreaterThan(a);
    const mine = data.students.filter((s) => first.students.includes(s.studentId));
    // s1 75 → 25 (fell 50); s5 0 in both (under 20); s2 25 → 50 and s4 50 → 75 need nothing
    expect(mine.map((s) => [s.studentId, s.falling, s.below])).toEqual([
      [first.students[0], true, false],
      [first.students[4], false, true],
    ]);
    expect([mine[0]!.percentiles[a], mine[0]!.percentiles[b], mine[0]!.change]).toEqual([
      75, 25, -50,
    ]);
    // a bigger fall asked for leaves s1 out
    const strict = await ok('admin', r.studyStudents, { gradeId: null, drop: 60, line: 20 });
    expect(strict.students.map((s) => s.studentId)).not.toContain(first.students[0]);
  });

  it('学生: a 班主任 sees their class only; other grades 403, another school 404, no key 403', async () => {
    const data = await ok('head', r.studyStudents, { gradeId: null, ...ATTENTION });
    expect(data.grades.map((g) => g.gradeId)).toEqual([first.gradeId]);
    expect(new Set(data.students.map((s) => s.classId))).toEqual(new Set([first.class1]));
    expect(data.students.map((s) => s.studentId)).not.toContain(first.students[4]);
    const other = await server.db
      .selectFrom('grades')
      .select('id')
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('id', '!=', first.gradeId)
      .executeTakeFirstOrThrow();
    expect((await answer('head', r.studyStudents, { gradeId: other.id, ...ATTENTION })).code).toBe(
      403,
    );
    const foreign = await answer('lab-admin', r.studyStudents, {
      gradeId: first.gradeId,
      ...ATTENTION,
    });
    expect(foreign).toEqual(
      await answer('lab-admin', r.studyStudents, { gradeId: 9_999_999, ...ATTENTION }),
    );
    expect(foreign.code).toBe(404);
    expect((await answer('teacher', r.studyStudents, { gradeId: null, ...ATTENTION })).code).toBe(
      403,
    );
  });

  it('教师: each class’s mean and rank beside the grade, and the marking of each teacher', async () => {
    const data = await ok('admin', r.studyTeachers, { gradeId: first.gradeId });
    const [a, b] = [examIndex(data.exams, first.examId), examIndex(data.exams, second.examId)];
    const math = data.classes.find(
      (c) => c.userId === teacherId && c.classId === first.class1 && c.subjectName === '数学',
    )!;
    // 数学: 高一(1)班 (15 + 6 + 9) / 3 = 10, the grade (15 + 6 + 9 + 8 + 2) / 5 = 8, first of 2
    expect([math.means[a], math.gradeMeans[a], math.ranks[a], math.classCounts[a]]).toEqual([
      10, 8, 1, 2,
    ]);
    const li = data.teachers.find((t) => t.userId === teacherId)!;
    expect(li.marking[b]).toEqual({ marked: 2, pairs: 2, disagreements: 1 });
    expect(li.marking[a]).toEqual({ marked: 0, pairs: 0, disagreements: 0 });
  });

  it('教师: a 班主任 sees the teachers of their class only', async () => {
    const data = await ok('head', r.studyTeachers, { gradeId: null });
    expect(data.classes.length).toBeGreaterThan(0);
    expect(new Set(data.classes.map((c) => c.classId))).toEqual(new Set([first.class1]));
    const ids = new Set(data.classes.map((c) => c.userId));
    expect(data.teachers.every((t) => ids.has(t.userId))).toBe(true);
  });

  it('教师详情: one teacher’s classes and marking block by block; one not visible is missing', async () => {
    const data = await ok('admin', r.teacherDetail, { gradeId: first.gradeId, userId: teacherId });
    expect(data.teacher).toEqual({ userId: teacherId, name: '李老师' });
    expect(data.classes.every((c) => c.userId === teacherId)).toBe(true);
    // 李老师 gave 10 and 6 points; the block's four marks 10, 10, 6, 2 average 7
    expect(data.blocks).toEqual([
      {
        examId: second.examId,
        examName: '教研二测',
        blockName: '数学第2题',
        marked: 2,
        pairs: 2,
        disagreements: 1,
        mean: 8,
        blockMean: 7,
      },
    ]);
    // 王阅卷 teaches nothing: as missing as an unknown id; another school's caller too
    const missing = await answer('admin', r.teacherDetail, {
      gradeId: first.gradeId,
      userId: 9_999_999,
    });
    expect(missing.code).toBe(404);
    expect(
      await answer('admin', r.teacherDetail, { gradeId: first.gradeId, userId: graderId }),
    ).toEqual(missing);
    expect(
      (await answer('lab-admin', r.teacherDetail, { gradeId: first.gradeId, userId: teacherId }))
        .code,
    ).toBe(404);
  });

  it('波动趋势: who swings by the chosen points either way, and per class how many', async () => {
    const body = { gradeId: first.gradeId, examCount: 2, basis: 'percentile', swing: 20 };
    const data = await ok('admin', r.fluctuation, body);
    expect(data.exams.map((e) => e.examId)).toEqual([first.examId, second.examId]);
    const [s1, s2, , s4, s5] = first.students;
    // s1 75 → 25 (−50), s2 25 → 50 and s4 50 → 75 (+25), s5 0 → 0
    expect(data.students.map((s) => [s.studentId, s.largestChange, s.spread, s.swings])).toEqual([
      [s1, -50, 50, 1],
      ...[
        [s2, 25, 25, 1],
        [s4, 25, 25, 1],
      ].sort((a, b) => {
        const no = (id: number) => data.students.find((s) => s.studentId === id)!.studentNo;
        return no(a[0]!).localeCompare(no(b[0]!));
      }),
    ]);
    expect(data.students[0]!.percentiles).toEqual([75, 25]);
    expect(data.students.map((s) => s.studentId)).not.toContain(s5);
    // 高一(1)班: s1, s2 compared (s3 缺考), both swing; 高一(9)班: s4 swings, s5 does not;
    // by the total's mean 高一(1)班 is first in both exams
    const byClass = (d: typeof data) =>
      d.classes.map((c) => [c.classId, c.compared, c.swinging, c.ranks, c.rankSpread]);
    expect(byClass(data)).toEqual([
      [first.class1, 2, 2, [1, 1], 0],
      [first.class9, 2, 1, [2, 2], 0],
    ]);
    // a bigger swing asked for leaves s1 alone
    const strict = await ok('admin', r.fluctuation, { ...body, swing: 30 });
    expect(strict.students.map((s) => s.studentId)).toEqual([s1]);
    expect(byClass(strict).map((c) => c[2])).toEqual([1, 0]);
  });

  // Grade ranks of the total: first exam s1 1, s4 2, s2 3, s5 4; second s4 1, s2 2, s1 3, s5 4.
  // 语文 (18, 12, 缺考, 15, 9; then s1 2): first s1 1, s4 2, s2 3, s5 4; second s4 1, s2 2, s5 3, s1 4.
  it('波动趋势: by rank change, defaulted from the school’s 波动设置; a subject instead of the total', async () => {
    const [s1, s2, , s4, s5] = first.students;
    const body = { gradeId: first.gradeId, examCount: 2 };
    const setUndulate = async (rankChange: number) =>
      ok('admin', administrationRoutes.paramAdd, {
        paramType: 'undulate',
        value: { rankChange, scoreChangePercent: 10 },
      });
    const listed = (d: DataOf<typeof r.fluctuation>) => d.students.map((s) => s.studentId);
    try {
      // the demo's 波动设置 (50 places): no one moved that far
      const before = await ok('admin', r.fluctuation, body);
      expect([before.basis, before.swing, before.rankChange]).toEqual(['rank', 50, 50]);
      expect(before.students).toEqual([]);
      await setUndulate(2);
      const two = await ok('admin', r.fluctuation, body);
      expect([two.swing, two.rankChange]).toEqual([2, 2]);
      // s1 fell from 1st to 3rd: −2 places
      expect(two.students.map((s) => [s.studentId, s.ranks, s.largestChange, s.spread])).toEqual([
        [s1, [1, 3], -2, 2],
      ]);
      await setUndulate(1);
      const one = await ok('admin', r.fluctuation, body);
      expect(one.students.map((s) => [s.studentId, s.largestChange])).toEqual([
        [s1, -2],
        ...[s2, s4]
          .map((id) => [id, 1])
          .sort((a, b) => {
            const no = (id: number) => one.students.find((s) => s.studentId === id)!.studentNo;
            return no(a[0]!).localeCompare(no(b[0]!));
          }),
      ]);
      expect(one.classes.map((c) => [c.classId, c.compared, c.swinging])).toEqual([
        [first.class1, 2, 2],
        [first.class9, 2, 1],
      ]);
      // a swing chosen wins over the setting
      expect(listed(await ok('admin', r.fluctuation, { ...body, swing: 2 }))).toEqual([s1]);

      // 语文: the exams' subjects are offered; s5 moved too (4th → 3rd), the classes swapped ranks
      expect(one.subjects.map((s) => s.subjectName).sort()).toEqual(['数学', '语文'].sort());
      const chinese = one.subjects.find((s) => s.subjectName === '语文')!.subjectId;
      const yuwen = await ok('admin', r.fluctuation, { ...body, subjectId: chinese });
      expect(yuwen.subjectId).toBe(chinese);
      expect(yuwen.students.map((s) => [s.studentId, s.ranks, s.largestChange])[0]).toEqual([
        s1,
        [1, 4],
        -3,
      ]);
      expect(listed(yuwen).sort()).toEqual([s1, s2, s4, s5].sort());
      expect(yuwen.classes.map((c) => [c.classId, c.swinging, c.ranks])).toEqual([
        [first.class1, 2, [1, 2]],
        [first.class9, 2, [2, 1]],
      ]);
      // 语文 by percentile: s1 75 → 0, the others +25
      const pct = await ok('admin', r.fluctuation, {
        ...body,
        subjectId: chinese,
        basis: 'percentile',
      });
      expect(pct.swing).toBe(20);
      expect(pct.students[0]!.percentiles).toEqual([75, 0]);
      expect(pct.students[0]!.largestChange).toBe(-75);
      const strict = await ok('admin', r.fluctuation, {
        ...body,
        subjectId: chinese,
        basis: 'percentile',
        swing: 30,
      });
      expect(listed(strict)).toEqual([s1]);
      // 数学 did not change: no one
      const math = one.subjects.find((s) => s.subjectName === '数学')!.subjectId;
      expect((await ok('admin', r.fluctuation, { ...body, subjectId: math })).students).toEqual([]);
      // a subject not in the exams
      const missing = await answer('admin', r.fluctuation, { ...body, subjectId: 9_999_999 });
      expect([missing.code, missing.msg]).toEqual([404, '所选考试没有该科目']);
    } finally {
      await setUndulate(50);
    }
  });

  // Score rates (总分 of 35): s1 33 → 17 (94.29 → 48.57 %), s2 18, s4 23, s5 11 unchanged;
  // 语文 (of 20): s1 18 → 2 (90 → 10 %).
  it('波动趋势: by 分数波动, the score rate change defaulted from the school’s 波动设置', async () => {
    const [s1] = first.students;
    const body = { gradeId: first.gradeId, examCount: 2, basis: 'score' };
    const setUndulate = async (scoreChangePercent: number) =>
      ok('admin', administrationRoutes.paramAdd, {
        paramType: 'undulate',
        value: { rankChange: 50, scoreChangePercent },
      });
    try {
      // the demo's 波动设置 (10 %): s1's total fell 45.72 points of the full marks
      const before = await ok('admin', r.fluctuation, body);
      expect([before.basis, before.swing, before.scoreChangePercent]).toEqual(['score', 10, 10]);
      expect(
        before.students.map((s) => [
          s.studentId,
          s.scores,
          s.scoreRates,
          s.largestChange,
          s.spread,
        ]),
      ).toEqual([[s1, [33, 17], [94.29, 48.57], -45.72, 45.72]]);
      expect(before.classes.map((c) => [c.classId, c.compared, c.swinging])).toEqual([
        [first.class1, 2, 1],
        [first.class9, 2, 0],
      ]);
      // the setting raised to 50 %: no one
      await setUndulate(50);
      const after = await ok('admin', r.fluctuation, body);
      expect([after.swing, after.scoreChangePercent, after.rankChange]).toEqual([50, 50, 50]);
      expect(after.students).toEqual([]);
      // a swing chosen wins over the setting; 语文 (s1 90 → 10 %) reaches the setting
      expect((await ok('admin', r.fluctuation, { ...body, swing: 40 })).students).toHaveLength(1);
      const chinese = after.subjects.find((s) => s.subjectName === '语文')!.subjectId;
      const yuwen = await ok('admin', r.fluctuation, { ...body, subjectId: chinese });
      expect(yuwen.students.map((s) => [s.studentId, s.scoreRates, s.largestChange])).toEqual([
        [s1, [90, 10], -80],
      ]);
    } finally {
      await setUndulate(10);
    }
  });

  it('波动趋势: a 班主任 sees their class only; other grades 403, another school 404, no key 403', async () => {
    const body = { gradeId: null, examCount: 2, basis: 'percentile', swing: 20 };
    const data = await ok('head', r.fluctuation, body);
    expect(data.gradeId).toBe(first.gradeId);
    expect(data.classes.map((c) => c.classId)).toEqual([first.class1]);
    expect(data.students.map((s) => s.studentId).sort()).toEqual(
      [first.students[0]!, first.students[1]!].sort(),
    );
    const other = await server.db
      .selectFrom('grades')
      .select('id')
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('id', '!=', first.gradeId)
      .executeTakeFirstOrThrow();
    expect((await answer('head', r.fluctuation, { ...body, gradeId: other.id })).code).toBe(403);
    const foreign = await answer('lab-admin', r.fluctuation, { ...body, gradeId: first.gradeId });
    expect(foreign.code).toBe(404);
    expect(foreign).toEqual(
      await answer('lab-admin', r.fluctuation, { ...body, gradeId: 9_999_999 }),
    );
    expect((await answer('teacher', r.fluctuation, body)).code).toBe(403);
  });

  it('数据大屏: the newest exams from their reports, homework and usage counts', async () => {
    const data = await ok('admin', r.datav, {});
    expect(data.schoolName).not.toBe('');
    expect(data.students).toBeGreaterThan(0);
    const exam = data.exams.find((e) => e.examId === second.examId)!;
    expect(data.exams[0]!.examId).toBe(second.examId);
    // 总分: 17, 18, 23, 11 (s3 缺考)
    expect(exam).toMatchObject({ sat: 4, fullMarks: 35, gradeName: '高一' });
    expect(exam.mean).toBeCloseTo(17.25, 6);
    // by mean: 高一(1)班 (17 + 18) / 2 = 17.5 first, 高一(9)班 (23 + 11) / 2 = 17 second
    expect(exam.classes.map((c) => [c.className, c.rank])).toEqual([
      ['高一(1)班', 1],
      ['高一(9)班', 2],
    ]);
    // the four marks given above, in the last 30 days
    expect(data.usage.marked).toBeGreaterThanOrEqual(4);
    // the busiest teachers: 使用统计's rows of the last 30 China days, the idle left out; two
    // papers made now by the 班主任 (组卷) make them busy
    const now = server.clock.now().getTime();
    const head = await server.db
      .selectFrom('users')
      .select(['id', 'nick_name'])
      .where('login_name', '=', 'head')
      .where('school_id', '=', server.seed.demoSchoolId)
      .executeTakeFirstOrThrow();
    for (const title of ['大屏组卷一', '大屏组卷二'])
      await server.db
        .insertInto('papers')
        .values({
          school_id: server.seed.demoSchoolId,
          subject_code: '数学',
          grade_num: 10,
          title,
          subtitle: '',
          duration_minutes: 90,
          full_marks: 100,
          created_by: head.id,
          created_at: now,
          updated_at: now,
          request_key: null,
          region_id: null,
        })
        .execute();
    const screen = await ok('admin', r.datav, {});
    expect(screen.teacherUsage.find((x) => x.name === head.nick_name)).toMatchObject({
      papersMade: 2,
    });
    const day = (ms: number) =>
      new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const { rows } = await ok('admin', teachResearchUsageRoutes.usageStatistics, {
      dateFrom: day(now - 29 * 86_400_000),
      dateTo: day(now),
    });
    const total = (x: {
      marks: number;
      homeworkMade: number;
      homeworkCorrected: number;
      papersMade: number;
    }) => x.marks + x.homeworkMade + x.homeworkCorrected + x.papersMade;
    const busy = rows.filter((x) => total(x) > 0).sort((a, b) => total(b) - total(a));
    expect(busy.length).toBeGreaterThan(0);
    expect(screen.teacherUsage).toHaveLength(Math.min(10, busy.length));
    expect(screen.teacherUsage[0]).toEqual({
      name: busy[0]!.name,
      marks: busy[0]!.marks,
      homeworkMade: busy[0]!.homeworkMade,
      homeworkCorrected: busy[0]!.homeworkCorrected,
      papersMade: busy[0]!.papersMade,
    });
    expect(screen.teacherUsage.map(total)).toEqual(busy.slice(0, 10).map(total));
    // another school's administrator sees none of this school's teachers
    const lab = await ok('lab-admin', r.datav, {});
    expect(lab.teacherUsage.some((x) => x.name === head.nick_name)).toBe(false);
    // a 班主任 holds no 数据大屏 key; another school sees none of these exams
    expect((await answer('head', r.datav, {})).code).toBe(403);
    const foreign = await ok('lab-admin', r.datav, {});
    expect(foreign.exams.map((e) => e.examId)).not.toContain(second.examId);
  });
});
