import * as contracts from '@examkit/contracts';
import type { RouteContract } from '@examkit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFakeClock } from '../../core/clock';
import type { Db } from '../../core/database';
import { createMemoryFileStore } from '../../core/files';
import { DEMO_PASSWORD, seedDemo } from '../../seed/seedDemo';
import { DEMO_EXAMS } from '../../seed/seedExam';
import { seedMarking } from '../../seed/seedMarking';
import { createServer } from '../../server';
import {
  call,
  createTestDatabase,
  TEST_NOW,
  type DialectName,
  type TestDatabase,
} from '../fixtures';
import { R, ROLES, type Ctx } from './kit';

export interface Ids {
  db: Db;
  classes: Map<string, { id: number; gradeId: number }>;
  classNameOf: Map<number, string>;
  subjects: Map<string, number>;
  examSubjects: Map<string, number>;
  markingSubjectId: number;
  students: Map<number, { className: string; studentNo: string; examNo: string }>;
  byClass: Map<string, number>;
  /** Class of each student number and exam number. */
  classOfNumber: Map<string, string>;
  examId: number;
  markingExamId: number;
  blockId: number;
  paperId: number;
}

async function idsOf(db: Db, schoolId: number): Promise<Ids> {
  const classRows = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.id as gradeId'])
    .where('g.school_id', '=', schoolId)
    .where('g.academic_year', '=', 2026)
    .execute();
  const classes = new Map(classRows.map((c) => [c.name, { id: c.id, gradeId: c.gradeId }]));
  const classNameOf = new Map(classRows.map((c) => [c.id, c.name]));
  const subjects = new Map(
    (
      await db
        .selectFrom('subjects')
        .select(['id', 'name'])
        .where('school_id', '=', schoolId)
        .execute()
    ).map((s) => [s.name, s.id]),
  );
  const exam = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('state', '=', 'finished')
    .where('name', '=', DEMO_EXAMS.midterm)
    .executeTakeFirstOrThrow();
  const marking = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('state', '=', 'marking')
    .executeTakeFirstOrThrow();
  const examSubjects = new Map(
    (
      await db
        .selectFrom('exam_subjects')
        .select(['id', 'subject_name'])
        .where('exam_id', '=', exam.id)
        .execute()
    ).map((s) => [s.subject_name, s.id]),
  );
  const markingSubject = await db
    .selectFrom('exam_subjects')
    .select('id')
    .where('exam_id', '=', marking.id)
    .executeTakeFirstOrThrow();
  const studentRows = await db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .select(['s.id', 's.student_no', 'es.exam_no', 'es.class_id'])
    .where('es.exam_id', '=', exam.id)
    .orderBy('s.id')
    .execute();
  const allStudents = await db
    .selectFrom('students')
    .select(['id', 'student_no', 'class_id'])
    .where('school_id', '=', schoolId)
    .execute();
  const students = new Map<number, { className: string; studentNo: string; examNo: string }>();
  for (const s of allStudents)
    students.set(s.id, {
      className: classNameOf.get(s.class_id) ?? '',
      studentNo: s.student_no,
      examNo: s.student_no,
    });
  for (const s of studentRows) students.get(s.id)!.examNo = s.exam_no;
  const classOfNumber = new Map<string, string>();
  for (const s of students.values()) {
    classOfNumber.set(s.studentNo, s.className);
    classOfNumber.set(s.examNo, s.className);
  }
  const byClass = new Map<string, number>();
  for (const s of studentRows) {
    const name = classNameOf.get(s.class_id)!;
    if (!byClass.has(name)) byClass.set(name, s.id);
  }
  const block = await db
    .selectFrom('marking_blocks')
    .select('id')
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const paper = await db
    .selectFrom('marking_papers')
    .select('id')
    .where('block_id', '=', block.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    db,
    classes,
    classNameOf,
    subjects,
    examSubjects,
    markingSubjectId: markingSubject.id,
    students,
    byClass,
    classOfNumber,
    examId: exam.id,
    markingExamId: marking.id,
    blockId: block.id,
    paperId: paper.id,
  };
}

/** The data-scope test's server, as its checks use it (set up before the first check). */
export interface ScopeSuite {
  readonly database: TestDatabase;
  readonly app: FastifyInstance;
  readonly ids: Ids;
  /** Calls a route as a demo account (by login name). */
  as(role: string, route: RouteContract, body: Record<string, unknown>): ReturnType<typeof call>;
  /** The ids of a body: the demo midterm, a class, a subject and a student of `studentClass`. */
  ctxFor(className: string, subject: string, studentClass?: string): Ctx;
}

/**
 * The full demo school with its marking, on one dialect, set up before and dropped after the
 * checks of the enclosing `describe`: the midterm published, two 任课教师 made 学科组长 (t004 of
 * 数学 in 高一, t005 of 语文 school-wide), and every account of `ROLES` signed in.
 */
export function scopeSuite(dialect: DialectName): ScopeSuite {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ids: Ids;
  const tokens: Record<string, string> = {};
  const as = (role: string, route: RouteContract, body: Record<string, unknown>) =>
    call<unknown>(app, route, { token: tokens[role] ?? '', body });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'full' });
    const clock = createFakeClock(TEST_NOW);
    const files = createMemoryFileStore();
    await seedMarking(database.db, files, { clock, classes: 2 });
    app = await createServer({
      database: database.schema
        ? { db: database.db, schema: database.schema }
        : { db: database.db },
      clock,
      files,
      secret: 'test-secret',
      nodeEnv: 'test',
      rateLimit: { addressLimit: 100_000 },
    });
    const school = await database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    ids = await idsOf(database.db, school.id);
    // Two 任课教师 become 学科组长 instead of teaching their own classes.
    const leads: [string, string, string | null][] = [
      ['t004', '数学', '高一(1)班'],
      ['t005', '语文', null],
    ];
    for (const [login, subject, gradeOf] of leads) {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('school_id', '=', school.id)
        .where('login_name', '=', login)
        .executeTakeFirstOrThrow();
      await database.db.deleteFrom('teaching_assignments').where('user_id', '=', user.id).execute();
      await database.db.deleteFrom('class_roles').where('user_id', '=', user.id).execute();
      await database.db
        .insertInto('subject_roles')
        .values({
          school_id: school.id,
          academic_year: 2026,
          subject_id: ids.subjects.get(subject)!,
          grade_id: gradeOf === null ? null : ids.classes.get(gradeOf)!.gradeId,
          user_id: user.id,
        })
        .execute();
    }
    for (const role of ROLES) {
      const r = await call<{ token: string }>(app, contracts.authRoutes.loginPassword, {
        body: { loginName: role, password: DEMO_PASSWORD, schoolId: school.id },
      });
      tokens[role] = r.body.data.token;
    }
    // Teachers see published reports only.
    const published = await as('admin', R('exam.transition'), { id: ids.examId, to: 'published' });
    expect(published.body.code, JSON.stringify(published.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const ctxFor = (className: string, subject: string, studentClass = className): Ctx => ({
    examId: ids.examId,
    classId: ids.classes.get(className)!.id,
    className,
    subject,
    subjectId: ids.subjects.get(subject)!,
    examSubjectId: ids.examSubjects.get(subject)!,
    studentId: ids.byClass.get(studentClass)!,
    blockId: ids.blockId,
    paperId: ids.paperId,
  });

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get ids() {
      return ids;
    },
    as,
    ctxFor,
  };
}
