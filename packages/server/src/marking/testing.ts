import { createSession } from '../core/session';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { hashPassword } from '../core/password';
import { changeBlockState, registerPapers, saveBlock } from './blocks';

/**
 * Fixtures of the marking tests: an exam with one subject and subjective questions,
 * students, and marking users with a session each. Written through the exam domain's
 * tables (docs/exams.md); test-only.
 */
export interface MarkingFixture {
  schoolId: number;
  examId: number;
  examSubjectId: number;
  /** Subjective leaf questions: q1 (10 points), q2 (5 points). */
  questionIds: number[];
  /** An objective question with a score row per student. */
  objectiveQuestionId: number;
  studentIds: number[];
  users: { userId: number; token: string }[];
  /** A marking manager (school administrator role). */
  manager: { userId: number; token: string };
}

const ACADEMIC_YEAR = 2026;

export async function createMarkingFixture(
  db: Db,
  clock: Clock,
  options: { schoolId: number; students: number; markers: number; objectiveScore?: number },
): Promise<MarkingFixture> {
  const now = clock.now().getTime();
  const { schoolId } = options;
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const klass = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tag = `${now % 100000}${Math.floor(Math.random() * 1e6)}`;
  const studentIds: number[] = [];
  for (let i = 0; i < options.students; i += 500) {
    const rows = Array.from({ length: Math.min(500, options.students - i) }, (_, k) => ({
      school_id: schoolId,
      class_id: klass.id,
      student_no: `M${tag}-${i + k}`,
      name: `考生${i + k}`,
      tel: null,
    }));
    const ids = await db.insertInto('students').values(rows).returning('id').execute();
    studentIds.push(...ids.map((r) => r.id));
  }
  const exam = await db
    .insertInto('exams')
    .values({
      school_id: schoolId,
      academic_year: ACADEMIC_YEAR,
      grade_id: grade.id,
      exam_type: '月测',
      name: `阅卷测试 ${tag}`,
      exam_date: '2026-11-20',
      state: 'marking',
      created_by: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subject = await db
    .insertInto('exam_subjects')
    .values({
      exam_id: exam.id,
      subject_code: '数学',
      subject_name: '数学',
      full_marks: 20,
      elective: 0,
      sort_order: 1,
      sheet_design: null,
      sheet_template: null,
      sheet_saved_at: null,
      answer_key_version: 1,
      rescore_needed: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = async (number: string, kind: string, full: number, order: number) =>
    (
      await db
        .insertInto('exam_questions')
        .values({
          exam_subject_id: subject.id,
          parent_id: null,
          number,
          kind,
          full_marks: full,
          option_count: kind === 'single' ? 4 : null,
          answer: kind === 'single' ? 'A' : null,
          partial_marks: null,
          score_step: 0.5,
          blank_count: null,
          knowledge_points: '[]',
          abilities: '[]',
          sort_order: order,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const objectiveQuestionId = await question('1', 'single', 5, 1);
  const q1 = await question('2', 'subjective', 10, 2);
  const q2 = await question('3', 'subjective', 5, 3);
  for (let i = 0; i < studentIds.length; i += 500) {
    const part = studentIds.slice(i, i + 500);
    await db
      .insertInto('exam_students')
      .values(
        part.map((id, k) => ({
          exam_id: exam.id,
          student_id: id,
          class_id: klass.id,
          exam_no: `${i + k}`,
        })),
      )
      .execute();
    await db
      .insertInto('exam_scores')
      .values(
        part.map((id) => ({
          exam_subject_id: subject.id,
          question_id: objectiveQuestionId,
          student_id: id,
          score: options.objectiveScore ?? 5,
          source: 'objective',
          answer: 'A',
          updated_at: now,
        })),
      )
      .execute();
  }
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', '阅卷老师')
    .executeTakeFirstOrThrow();
  const adminRole = await db
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', '学校管理员')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword('marking-fixture');
  const makeUser = async (login: string, roleId: number) => {
    const user = await db
      .insertInto('users')
      .values({
        school_id: schoolId,
        login_name: login,
        password_hash: hash,
        nick_name: login,
        tel: null,
        status: 1,
        wx_openid: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: roleId, academic_year: ACADEMIC_YEAR })
      .execute();
    const token = await createSession(db, clock, {
      userId: user.id,
      schoolId,
      academicYear: ACADEMIC_YEAR,
    });
    return { userId: user.id, token };
  };
  const users = [];
  for (let i = 0; i < options.markers; i++) users.push(await makeUser(`mk${tag}-${i}`, role.id));
  const manager = await makeUser(`mgr${tag}`, adminRole.id);
  return {
    schoolId,
    examId: exam.id,
    examSubjectId: subject.id,
    questionIds: [q1, q2],
    objectiveQuestionId,
    studentIds,
    users,
    manager,
  };
}

/** A started block of `students` papers over the fixture's first question, marked by every fixture user but the first (the arbitrator). */
export async function createLoadBlock(
  db: Db,
  clock: Clock,
  options: {
    schoolId: number;
    students: number;
    markers: number;
    /** @default 1 */
    arbitrators?: number;
    mode?: 'single' | 'double' | 'triple';
    tolerance?: number;
  },
) {
  const arbitratorCount = options.arbitrators ?? 1;
  const fx = await createMarkingFixture(db, clock, {
    ...options,
    markers: options.markers + arbitratorCount,
  });
  const arbitrators = fx.users.slice(0, arbitratorCount);
  const markers = fx.users.slice(arbitratorCount);
  const blockId = await saveBlock(db, clock, options.schoolId, {
    examSubjectId: fx.examSubjectId,
    name: '负载题块',
    questionIds: [fx.questionIds[0]!],
    mode: options.mode ?? 'double',
    tolerance: options.tolerance ?? 3,
    scoreStep: 1,
    distribution: 'pool',
    anonymous: true,
    guide: '',
    answer: '',
    recheckPercent: 0,
    leaseMinutes: 5,
    markers: markers.map((m) => ({ userId: m.userId })),
    arbitrators: arbitrators.map((a) => a.userId),
    leaders: [],
  });
  await registerPapers(
    db,
    clock,
    blockId,
    fx.studentIds.map((studentId) => ({
      studentId,
      cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
    })),
  );
  await changeBlockState(db, clock, blockId, 'start');
  return { fx, blockId, arbitrators, markers, fullScore: 10 };
}

/** Papers of a block still needing a mark or an arbitration. */
export async function remainingPapers(db: Db, blockId: number): Promise<number> {
  const row = await db
    .selectFrom('marking_papers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('block_id', '=', blockId)
    .where('is_seed', '=', 0)
    .where('state', 'in', ['marking', 'arbitration'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The invariants of a finished double-marking block; returns what is wrong (empty when clean):
 * every paper done with exactly two marks by two markers (or those and one arbitration),
 * one mark row per task and idempotency key, the final score following the rules.
 */
export async function checkDoubleMarking(
  db: Db,
  blockId: number,
  options: { complete?: boolean } = {},
): Promise<string[]> {
  const complete = options.complete ?? true;
  const problems: string[] = [];
  const block = await db
    .selectFrom('marking_blocks')
    .selectAll()
    .where('id', '=', blockId)
    .executeTakeFirstOrThrow();
  const papers = await db
    .selectFrom('marking_papers')
    .selectAll()
    .where('block_id', '=', blockId)
    .where('is_seed', '=', 0)
    .execute();
  const tasks = await db
    .selectFrom('marking_tasks')
    .selectAll()
    .where('block_id', '=', blockId)
    .execute();
  const marks = await db
    .selectFrom('marking_marks')
    .selectAll()
    .where('block_id', '=', blockId)
    .execute();
  const byPaper = new Map<number, typeof tasks>();
  for (const t of tasks)
    (byPaper.get(t.paper_id) ?? byPaper.set(t.paper_id, []).get(t.paper_id)!).push(t);
  const marksByTask = new Map<number, number>();
  for (const m of marks)
    if (m.task_id !== null) marksByTask.set(m.task_id, (marksByTask.get(m.task_id) ?? 0) + 1);
  for (const [taskId, n] of marksByTask)
    if (n !== 1) problems.push(`task ${taskId} has ${n} mark rows`);
  if (new Set(marks.map((m) => `${m.user_id}:${m.idempotency_key}`)).size !== marks.length)
    problems.push('duplicate idempotency keys');
  for (const p of papers) {
    const own = byPaper.get(p.id) ?? [];
    const done = own.filter((t) => t.slot <= 2 && t.state === 'done');
    const arbitration = own.filter((t) => t.slot === 9);
    if (complete && p.state !== 'done') problems.push(`paper ${p.id} is ${p.state}`);
    if (complete ? done.length !== 2 : done.length > 2)
      problems.push(`paper ${p.id} has ${done.length} marks`);
    if (p.state === 'done' && p.final_score_half === null)
      problems.push(`paper ${p.id} done without a score`);
    if (done.length !== 2) {
      if (p.state === 'done') problems.push(`paper ${p.id} done with ${done.length} marks`);
    } else if (done[0]!.user_id === done[1]!.user_id)
      problems.push(`paper ${p.id} marked twice by one marker`);
    if (arbitration.length > 1)
      problems.push(`paper ${p.id} has ${arbitration.length} arbitrations`);
    if (done.length === 2) {
      const apart = Math.abs(done[0]!.score_half! - done[1]!.score_half!) > block.tolerance_half;
      const decided =
        p.state === 'done' ? p.final_source === 'arbitration' : p.state === 'arbitration';
      if (apart && (arbitration.length !== 1 || !decided))
        problems.push(`paper ${p.id} beyond tolerance without arbitration`);
      if (!apart && (arbitration.length !== 0 || p.final_source !== 'mean'))
        problems.push(`paper ${p.id} within tolerance but ${p.final_source}`);
    }
    for (const t of own)
      if (t.state === 'done' && (marksByTask.get(t.id) ?? 0) !== 1)
        problems.push(`task ${t.id} done without its mark`);
  }
  return problems;
}
