import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachResearchUsageRoutes,
  type BasketRow,
  type UsageRow,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedHomework, gradeOnePair, homeworkCallers } from '../homework/testKit';
import { userIdOf, DIALECTS, startTestServer, type TestServer } from '../test/fixtures';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachResearchUsageRoutes };
const at = (iso: string) => Date.parse(`${iso}+08:00`);
/** January 2030 (China time): only this test's rows fall in it. */
const JANUARY = { dateFrom: '2030-01-01', dateTo: '2030-01-31' };

/**
 * 使用统计 and 试题篮统计 of 教研中心: marks, homework, papers and basket picks placed by hand in
 * January 2030 and just outside it, so every count is known.
 */
describe.each(DIALECTS)('使用统计 and 试题篮统计 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let adminId: number;
  let teacherId: number;
  let math: string;

  const userId = (login: string) => userIdOf(server.db, server.seed.demoSchoolId, login);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const school = server.seed.demoSchoolId;
    adminId = await userId('admin');
    teacherId = await userId('teacher');
    // The 任课教师 role holds 使用统计 and 试题篮统计 here, to see that a teacher gets their own row.
    const roles = await db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', teacherId)
      .execute();
    await db
      .insertInto('role_permissions')
      .values(
        [...new Set(roles.map((r) => r.role_id))].flatMap((role_id) => [
          { role_id, perm_code: 'Teach-Research-Usage' },
          { role_id, perm_code: 'Teach-Research-Basket' },
        ]),
      )
      .execute();
    await signInAll('admin', 'teacher', 'lab-admin');

    // Marks: two by the teacher in January, one on the 1st of February (outside).
    const examSubject = await db
      .selectFrom('exam_subjects as es')
      .innerJoin('exams as e', 'e.id', 'es.exam_id')
      .select(['es.id', 'es.exam_id'])
      .where('e.school_id', '=', school)
      .executeTakeFirstOrThrow();
    const student0 = await db
      .selectFrom('students')
      .select('id')
      .where('school_id', '=', school)
      .executeTakeFirstOrThrow();
    const { id: blockId } = await db
      .insertInto('marking_blocks')
      .values({
        school_id: school,
        exam_id: examSubject.exam_id,
        exam_subject_id: examSubject.id,
        name: '使用统计题块',
        question_ids: '[]',
        question_full_half: '[]',
        full_score_half: 20,
        mode: 'single',
        tolerance_half: 0,
        step_half: 1,
        distribution: 'pool',
        anonymous: 1,
        guide: '',
        answer: '',
        state: 'open',
        recheck_percent: 0,
        lease_ms: 60_000,
        created_at: at('2030-01-01T08:00:00'),
        updated_at: at('2030-01-01T08:00:00'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: paperId } = await db
      .insertInto('marking_papers')
      .values({
        block_id: blockId,
        student_id: student0.id,
        crop_key: 'usage/crop.png',
        state: 'marking',
        is_seed: 0,
        seed_score_half: null,
        final_score_half: null,
        final_parts: null,
        final_source: null,
        finished_at: null,
        problem_reason: null,
        problem_note: null,
        problem_user_id: null,
        problem_at: null,
        sample_kind: null,
        sample_note: null,
        created_at: at('2030-01-01T08:00:00'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paper = { id: paperId, block_id: blockId };
    await db
      .insertInto('marking_marks')
      .values(
        ['2030-01-05T10:00:00', '2030-01-31T23:59:00', '2030-02-01T00:00:00'].map((t, i) => ({
          block_id: paper.block_id,
          paper_id: paper.id,
          task_id: null,
          user_id: teacherId,
          kind: 'mark',
          score_half: 4,
          parts: '[4]',
          reason: null,
          idempotency_key: `usage-${i}`,
          created_at: at(t),
        })),
      )
      .execute();

    // Homework: made by the admin, three answers scored by the teacher, all moved into January.
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    const classId = pair.targets.find((t) => t.kind === 'class')!.id;
    const homeworkId = await assignedHomework(ok, {
      name: '使用统计练习',
      pair,
      classIds: [classId],
      idempotencyKey: `usage-${dialect}`,
    });
    const [student] = await db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .execute();
    await ok('teacher', 'manualSave', {
      id: homeworkId,
      studentId: student!.id,
      answers: [
        { questionNo: 1, answer: 'A', score: null },
        { questionNo: 2, answer: 'B', score: null },
        { questionNo: 3, answer: null, score: 6 },
      ],
    });
    await db
      .updateTable('homeworks')
      .set({ created_at: at('2030-01-10T08:00:00') })
      .where('id', '=', homeworkId)
      .execute();
    await db
      .updateTable('homework_answers')
      .set({ corrected_at: at('2030-01-11T08:00:00') })
      .where('corrected_by', '=', teacherId)
      .where('submission_id', 'in', (eb) =>
        eb.selectFrom('homework_submissions').select('id').where('homework_id', '=', homeworkId),
      )
      .execute();

    // Papers and basket: the teacher saves two 数学 papers in January (one became an exam) and
    // one in December; two questions in the basket, one added in January.
    math = (
      await db
        .selectFrom('subjects')
        .select('code')
        .where('school_id', '=', school)
        .where('name', '=', '数学')
        .executeTakeFirstOrThrow()
    ).code;
    const paperIds: number[] = [];
    for (const t of ['2030-01-02T09:00:00', '2030-01-20T09:00:00', '2029-12-31T23:00:00'])
      paperIds.push(
        (
          await db
            .insertInto('papers')
            .values({
              school_id: school,
              subject_code: math,
              grade_num: 10,
              title: '使用统计试卷',
              subtitle: '',
              duration_minutes: 90,
              full_marks: 100,
              created_by: teacherId,
              created_at: at(t),
              updated_at: at(t),
              request_key: null,
              region_id: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await db
      .insertInto('paper_exams')
      .values({
        paper_id: paperIds[0]!,
        exam_id: examSubject.exam_id,
        exam_subject_id: examSubject.id,
        school_id: school,
        request_key: 'usage-exam',
        created_at: at('2030-01-03T09:00:00'),
      })
      .execute();
    const questions = await db
      .selectFrom('questions')
      .select('id')
      .where('subject_code', '=', math)
      .orderBy('id')
      .limit(2)
      .execute();
    await db.deleteFrom('basket_items').where('user_id', '=', teacherId).execute();
    await db
      .insertInto('basket_items')
      .values(
        questions.map((q, i) => ({
          school_id: school,
          user_id: teacherId,
          subject_code: math,
          question_id: q.id,
          type: '单选题',
          added_at: at(i === 0 ? '2030-01-15T09:00:00' : '2029-06-01T09:00:00'),
        })),
      )
      .execute();
  });
  afterAll(() => server?.close());

  it('使用统计 counts each teacher’s marks, homework, papers and basket picks in the period', async () => {
    const { rows } = await ok<{ rows: UsageRow[] }>('admin', 'usageStatistics', JANUARY);
    expect(rows.find((r) => r.userId === teacherId)).toMatchObject({
      marks: 2,
      homeworkMade: 0,
      homeworkCorrected: 3,
      papersMade: 2,
      basketAdded: 1,
    });
    expect(rows.find((r) => r.userId === adminId)).toMatchObject({
      marks: 0,
      homeworkMade: 1,
      homeworkCorrected: 0,
    });
    // Only the school's users.
    const others = await server.db
      .selectFrom('users')
      .select('id')
      .where('school_id', '!=', server.seed.demoSchoolId)
      .execute();
    expect(rows.some((r) => others.some((o) => o.id === r.userId))).toBe(false);
    const february = await ok<{ rows: UsageRow[] }>('admin', 'usageStatistics', {
      dateFrom: '2030-02-01',
      dateTo: '2030-02-01',
    });
    expect(february.rows.find((r) => r.userId === teacherId)).toMatchObject({
      marks: 1,
      homeworkCorrected: 0,
      papersMade: 0,
    });
  });

  it('试题篮统计 per teacher and subject: the basket now, papers of the period', async () => {
    const { rows } = await ok<{ rows: BasketRow[] }>('admin', 'basketStatistics', JANUARY);
    expect(rows.filter((r) => r.userId === teacherId)).toEqual([
      {
        userId: teacherId,
        name: expect.any(String),
        subjectCode: math,
        subjectName: '数学',
        inBasket: 2,
        papers: 2,
        papersToExam: 1,
      },
    ]);
  });

  it('data scope: a teacher sees only their own row; keys and dates are checked', async () => {
    const usage = await ok<{ rows: UsageRow[] }>('teacher', 'usageStatistics', JANUARY);
    expect(usage.rows.map((r) => r.userId)).toEqual([teacherId]);
    const basket = await ok<{ rows: BasketRow[] }>('teacher', 'basketStatistics', JANUARY);
    expect(basket.rows.every((r) => r.userId === teacherId)).toBe(true);
    // Another school sees none of the demo school's users.
    const other = await ok<{ rows: UsageRow[] }>('lab-admin', 'usageStatistics', JANUARY);
    expect(other.rows.some((r) => r.userId === teacherId)).toBe(false);
    const reversed = await as('admin', 'usageStatistics', {
      dateFrom: '2030-02-01',
      dateTo: '2030-01-01',
    });
    expect([reversed.body.code, reversed.body.msg]).toEqual([400, '开始日期不能晚于结束日期']);
    const long = await as('admin', 'basketStatistics', {
      dateFrom: '2029-01-01',
      dateTo: '2030-06-01',
    });
    expect(long.body.msg).toBe('统计时间不能超过一年');
  });
});
