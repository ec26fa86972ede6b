import {
  jointExamRoutes,
  jointPaperRoutes,
  jointPoolRoutes,
  type JointExam,
  type Question,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { MATH_QUESTIONS } from '../exam/testKit';
import { signIn, userCalls, type TestServer } from '../test/fixtures';

/**
 * Test helpers of joint exams and 统一阅卷 (the joint, pool and analytic tests; not shipped in the
 * server's build).
 */

export type Joint = Static<typeof JointExam>;
export interface Leased {
  taskId: number;
  paperId: number;
  leaseToken: string;
}
export interface Student {
  id: number;
  name: string;
  student_no: string;
}

export const leaves = (questions: readonly Question[]) =>
  questions.flatMap((q) => (q.children.length > 0 ? q.children : [q]));

/**
 * A 高一 (grade 10) joint exam created by `user`: of both demo schools and of 数学 (full marks 30),
 * a 月测 of 2026-11-20 labelled by school codes, unless `input` says otherwise.
 */
export async function createdJoint(
  server: TestServer,
  user: UserInfo,
  input: {
    idempotencyKey: string;
    name: string;
    examType?: string;
    examDate?: string;
    schoolIds?: number[];
    subjects?: { subjectCode: string; subjectName: string; fullMarks: number }[];
    schoolLabels?: 'codes' | 'names';
  },
): Promise<Joint> {
  const { ok } = userCalls(() => server);
  return ok<Joint>(user, jointExamRoutes.jointCreate, {
    idempotencyKey: input.idempotencyKey,
    name: input.name,
    examType: input.examType ?? '月测',
    examDate: input.examDate ?? '2026-11-20',
    gradeNum: 10,
    schoolIds: input.schoolIds ?? [server.seed.demoSchoolId, server.seed.labSchoolId],
    subjects: input.subjects ?? [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
    schoolLabels: input.schoolLabels ?? 'codes',
  });
}

/**
 * A joint exam of both demo schools with one subject 数学 (the math test paper), created by the
 * bureau (a 期中 of 2026-11-12 unless told); in 统一阅卷 when `pool`. Fills `examOf` and
 * `subjectOf` when given (school id → its exam / subject).
 */
export async function jointMathExam(
  server: TestServer,
  bureau: UserInfo,
  options: {
    idempotencyKey: string;
    name: string;
    pool?: boolean;
    examType?: string;
    examDate?: string;
    examOf?: Map<number, number>;
    subjectOf?: Map<number, number>;
  },
): Promise<Joint> {
  const { ok } = userCalls(() => server);
  const joint = await createdJoint(server, bureau, {
    idempotencyKey: options.idempotencyKey,
    name: options.name,
    examType: options.examType ?? '期中',
    examDate: options.examDate ?? '2026-11-12',
  });
  for (const s of joint.schools) {
    options.examOf?.set(s.schoolId!, s.examId!);
    const subject = await server.db
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', s.examId!)
      .executeTakeFirstOrThrow();
    options.subjectOf?.set(s.schoolId!, subject.id);
  }
  await ok(bureau, jointExamRoutes.jointQuestionsSave, {
    jointExamId: joint.id,
    subjectCode: '数学',
    questions: MATH_QUESTIONS,
  });
  if (options.pool)
    await ok(bureau, jointPoolRoutes.jointPoolMode, { jointExamId: joint.id, markingMode: 'pool' });
  return joint;
}

/** The first `limit` students (by id) of an exam. */
export const studentsOf = (server: TestServer, examId: number, limit: number) =>
  server.db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .select(['s.id', 's.name', 's.student_no'])
    .where('es.exam_id', '=', examId)
    .orderBy('s.id')
    .limit(limit)
    .execute() as Promise<Student[]>;

export const schoolName = async (server: TestServer, schoolId: number) =>
  (
    await server.db
      .selectFrom('schools')
      .select('name')
      .where('id', '=', schoolId)
      .executeTakeFirstOrThrow()
  ).name;

/** The users of the pool tests, signed in: the bureau (organiser), both schools' admins and staff. */
export async function signInPoolUsers(server: TestServer) {
  const { demoSchoolId, labSchoolId } = server.seed;
  return {
    bureau: await signIn(server.app, 'bureau', { schoolId: demoSchoolId }),
    demoAdmin: await signIn(server.app, 'admin'),
    labAdmin: await signIn(server.app, 'lab-admin'),
    grader: await signIn(server.app, 'grader'),
    teacher: await signIn(server.app, 'teacher'),
    /** A teacher of the lab school. */
    multi: await signIn(server.app, 'multi', { schoolId: labSchoolId }),
  };
}

/** A pool block's set-up named 第5题 on 5(1) and 5(2) of the joint exam's 数学, `setup` over its defaults. */
export async function poolBlockSetup(
  server: TestServer,
  bureau: UserInfo,
  jointExamId: number,
  setup: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { ok } = userCalls(() => server);
  const paper = await ok<{ questions: Question[] }>(bureau, jointPaperRoutes.jointPaperGet, {
    jointExamId,
    subjectCode: '数学',
  });
  const id = (n: string) => leaves(paper.questions).find((q) => q.fullNumber === n)!.id;
  return {
    name: '第5题',
    questionIds: [id('5(1)'), id('5(2)')],
    mode: 'single',
    tolerance: 0,
    scoreStep: 0.5,
    distribution: 'pool',
    ...setup,
  };
}

/** A pool block saved by the organiser with {@link poolBlockSetup}; its id. */
export async function savePoolBlock(
  server: TestServer,
  bureau: UserInfo,
  jointExamId: number,
  setup: Record<string, unknown>,
): Promise<number> {
  const { ok } = userCalls(() => server);
  const { blockId } = await ok<{ blockId: number }>(bureau, jointPoolRoutes.jointPoolBlockSave, {
    jointExamId,
    subjectCode: '数学',
    setup: await poolBlockSetup(server, bureau, jointExamId, setup),
  });
  return blockId;
}
