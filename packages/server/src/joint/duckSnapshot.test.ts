import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  examRoutes,
  jointExamRoutes,
  jointReportRoutes,
  jointSnapshotRoutes,
  type JointExam,
  type JointReportStatus,
  type RouteContract,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFirstSubjectMarks, MATH_QUESTIONS } from '../exam/testKit';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { addClassWithStudents, grantKey } from '../test/schoolKit';
import { JOINT_CLASS_KEY, type JointRow } from './access';
import { jobFile, pdfText } from '../test/downloadKit';
import { refreshJointSnapshot } from './snapshots';

type Joint = Static<typeof JointExam>;
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
/** Many ties (equal ranks ordered by student number), halves, zeros and full marks. */
const marksOf = (n: number) => [n % 2 ? 5 : 0, n % 3 ? 6 : 3, 2, n % 6, n % 5, ((n * 3) % 9) / 2];

/**
 * Equal answers, numbers that are not whole within 10⁻⁹ relative (DuckDB sums in another order
 * than the engine), everything else exactly.
 */
function expectSame(actual: unknown, expected: unknown, where = ''): void {
  if (typeof expected === 'number' && typeof actual === 'number' && !Number.isInteger(expected)) {
    expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      1e-9 * Math.max(1, Math.abs(expected)),
    );
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), where).toBe(true);
    expect((actual as unknown[]).length, `${where} length`).toBe(expected.length);
    expected.forEach((e, i) => expectSame((actual as unknown[])[i], e, `${where}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    expect(actual !== null && typeof actual === 'object', where).toBe(true);
    expect(Object.keys(actual as object).sort(), `${where} keys`).toEqual(
      Object.keys(expected).sort(),
    );
    for (const [k, e] of Object.entries(expected))
      expectSame((actual as Record<string, unknown>)[k], e, `${where}.${k}`);
    return;
  }
  expect(actual, where).toEqual(expected);
}

interface RankPage {
  segments: unknown[];
  page: { list: { classId: number; studentId: number; score: number | null }[]; total: number };
}

describe.each(DIALECTS)('the joint snapshot computed in DuckDB on %s', (dialect) => {
  let server: TestServer;
  let bureau: UserInfo;
  let demo: UserInfo;
  let lab: UserInfo;
  /** The demo school's 任课教师 of 数学 in 高一(1)班 (given the joint class pages' key). */
  let teacher: UserInfo;
  /** The teacher's class and another 高一 class of the demo school (added for the test). */
  const teacherClass = { own: 0, other: 0 };
  /** The demo students of the teacher's class 缺考 in 物理 and without a score on its 5(2). */
  const oddStudents = { absent: 0, unscored: 0 };
  let joint: Joint;
  let row: JointRow;
  let mathId: number;
  let physicsId: number;
  let dataDir: string;
  const examOf = new Map<number, number>();
  /** A class of each school's exam (its first by id). */
  const classOf = new Map<number, number>();

  const as = async <T>(user: UserInfo, contract: RouteContract, body: Record<string, unknown>) =>
    (await call<T>(server.app, contract, { token: user.token, schoolId: user.schoolId, body }))
      .body;
  const ok = async <T>(user: UserInfo, contract: RouteContract, body: Record<string, unknown>) => {
    const result = await as<T>(user, contract, body);
    if (result.code !== 200) throw new Error(JSON.stringify(result));
    return result.data;
  };
  /**
   * Reads the status (the server computes in DuckDB from 0 students on) until the job has ended;
   * a failed job (which the next status read would start again) throws with its row.
   */
  const untilReady = async () => {
    const jobRow = () =>
      server.db
        .selectFrom('joint_report_snapshots')
        .select(['state', 'stage', 'message'])
        .where('joint_exam_id', '=', joint.id)
        .executeTakeFirst();
    let job: Awaited<ReturnType<typeof jobRow>>;
    for (let i = 0; i < 500; i++) {
      const failed = await jobRow();
      if (failed?.state === 'failed') throw new Error(`the job failed: ${JSON.stringify(failed)}`);
      const s = await ok<JointReportStatus>(bureau, jointSnapshotRoutes.jointReportStatus, {
        jointExamId: joint.id,
      });
      job = await jobRow();
      if (s.state === 'failed') throw new Error(JSON.stringify(s));
      if (s.state === 'ready' && job?.state !== 'computing') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`the snapshot did not finish: ${JSON.stringify(job)}`);
  };
  /** The same snapshot computed in process, as a server at the default threshold does. */
  const inProcess = async () => {
    let task: Promise<void> | undefined;
    const deps = {
      db: server.db,
      clock: server.clock,
      downloads: { background: (_key: string, run: () => Promise<void>) => (task ??= run()) },
    };
    expect((await refreshJointSnapshot(deps, row)).state).toBe('computing');
    await task;
    expect(await refreshJointSnapshot(deps, row)).toMatchObject({ state: 'ready' });
  };
  /** Every page of a ranking, 7 rows a page. */
  const rankPages = async (user: UserInfo, subjectId: number) => {
    const pages: RankPage[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await ok<RankPage>(user, jointExamRoutes.jointGradeRank, {
        jointExamId: joint.id,
        subjectId,
        pageNum,
        pageSize: 7,
      });
      pages.push(page);
      if (pageNum * 7 >= page.page.total) return pages;
    }
  };
  /** Every page of the transcript, 7 rows a page, with or without a keyword. */
  const transcriptPages = async (user: UserInfo, keyWord?: string) => {
    const pages: RankPage[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await ok<RankPage>(user, jointExamRoutes.jointGradeTranscript, {
        jointExamId: joint.id,
        pageNum,
        pageSize: 7,
        ...(keyWord !== undefined && { keyWord }),
      });
      pages.push(page);
      if (pageNum * 7 >= page.page.total) return pages;
    }
  };
  /** Keywords of the transcript: a surname of the demo school, a student number's stem of the lab's. */
  const keyWords = async () => {
    const first = async (examId: number) =>
      server.db
        .selectFrom('exam_students as es')
        .innerJoin('students as s', 's.id', 'es.student_id')
        .select(['s.name', 's.student_no'])
        .where('es.exam_id', '=', examId)
        .orderBy('s.id')
        .executeTakeFirstOrThrow();
    const demoStudent = await first(examOf.get(demo.schoolId)!);
    const labStudent = await first(examOf.get(lab.schoolId)!);
    return [demoStudent.name.slice(0, 1), labStudent.student_no.slice(0, -1)];
  };
  /**
   * What the bureau and each school read on the grade basic, rank, transcript, comment and ability
   * pages (a subject the exam lacks: 404 both ways).
   */
  const answers = async () => {
    const out: Record<string, unknown> = {};
    const words = await keyWords();
    for (const [who, user] of [
      ['bureau', bureau],
      ['demo', demo],
      ['lab', lab],
    ] as const) {
      out[`${who} basic`] = await ok(user, jointExamRoutes.jointGradeBasic, {
        jointExamId: joint.id,
      });
      // 学校报告 (class/basic): the bureau each school, a school its own; another's is refused
      for (const school of [demo, lab])
        out[`${who} school ${school.schoolId}`] =
          user === bureau || user === school
            ? await ok(user, jointExamRoutes.jointSchoolBasic, {
                jointExamId: joint.id,
                ...(user === bureau && { schoolId: school.schoolId }),
              })
            : await as(user, jointExamRoutes.jointSchoolBasic, {
                jointExamId: joint.id,
                schoolId: school.schoolId,
              });
      for (const subjectId of [0, mathId])
        out[`${who} rank ${subjectId}`] = await rankPages(user, subjectId);
      out[`${who} transcript`] = await transcriptPages(user);
      for (const word of words)
        out[`${who} transcript ${word}`] = await transcriptPages(user, word);
      // the class pages: the classes each may open; a class of each school (another school's 403)
      out[`${who} classes`] = await ok(user, jointReportRoutes.jointReportClasses, {
        jointExamId: joint.id,
      });
      for (const school of [demo, lab]) {
        const body = { jointExamId: joint.id, classId: classOf.get(school.schoolId)! };
        out[`${who} class ability ${school.schoolId}`] =
          user === bureau || user === school
            ? await ok(user, jointReportRoutes.jointClassAbility, { ...body, subjectId: mathId })
            : await as(user, jointReportRoutes.jointClassAbility, { ...body, subjectId: mathId });
        out[`${who} class ability ${school.schoolId} 99`] = (
          await as(user, jointReportRoutes.jointClassAbility, { ...body, subjectId: 99 })
        ).code;
        out[`${who} class transcript ${school.schoolId}`] =
          user === bureau || user === school
            ? await ok(user, jointReportRoutes.jointClassTranscript, body)
            : await as(user, jointReportRoutes.jointClassTranscript, body);
        for (const subjectId of [mathId, physicsId, 99])
          out[`${who} class comment ${school.schoolId} ${subjectId}`] = await as(
            user,
            jointReportRoutes.jointClassComment,
            { ...body, subjectId },
          );
      }
      for (const [page, contract] of [
        ['comment', jointReportRoutes.jointGradeComment],
        ['ability', jointReportRoutes.jointGradeAbility],
      ] as const) {
        out[`${who} ${page}`] = await ok(user, contract, {
          jointExamId: joint.id,
          subjectId: mathId,
        });
        out[`${who} ${page} 99`] = (
          await as(user, contract, { jointExamId: joint.id, subjectId: 99 })
        ).code;
      }
    }
    // the 任课教师: the classes list, and each class page of their class and another 高一 class
    out['teacher classes'] = await as(teacher, jointReportRoutes.jointReportClasses, {
      jointExamId: joint.id,
    });
    for (const [which, classId] of Object.entries(teacherClass)) {
      const body = { jointExamId: joint.id, classId };
      out[`teacher class transcript ${which}`] = await as(
        teacher,
        jointReportRoutes.jointClassTranscript,
        body,
      );
      for (const subjectId of [mathId, physicsId])
        for (const [page, contract] of [
          ['comment', jointReportRoutes.jointClassComment],
          ['ability', jointReportRoutes.jointClassAbility],
        ] as const)
          out[`teacher class ${page} ${which} ${subjectId}`] = await as(teacher, contract, {
            ...body,
            subjectId,
          });
    }
    return out;
  };
  /** The rows of a table, of one generation or all. */
  const count = async (
    table: 'joint_snapshot_figures' | 'joint_snapshot_ranks',
    generation?: number,
  ) => {
    let query = server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('joint_exam_id', '=', joint.id);
    if (generation !== undefined) query = query.where('generation', '=', generation);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const head = () =>
    server.db
      .selectFrom('joint_snapshot_heads')
      .selectAll()
      .where('joint_exam_id', '=', joint.id)
      .executeTakeFirst();

  /** Stores choices of questions 1 (single) and 2 (multiple) for every student of an exam. */
  const recordChoices = async (examId: number) => {
    const choices: Record<string, string[]> = { '1': ['B', 'A', '', 'C'], '2': ['AC', 'ACD', ''] };
    const found = await server.db
      .selectFrom('exam_scores as sc')
      .innerJoin('exam_questions as q', 'q.id', 'sc.question_id')
      .innerJoin('exam_subjects as es', 'es.id', 'q.exam_subject_id')
      .select(['sc.student_id', 'sc.question_id', 'q.number'])
      .where('es.exam_id', '=', examId)
      .where('q.number', 'in', Object.keys(choices))
      .orderBy('sc.student_id')
      .execute();
    for (const r of found) {
      const list = choices[r.number]!;
      await server.db
        .updateTable('exam_scores')
        .set({ answer: list[r.student_id % list.length]! })
        .where('student_id', '=', r.student_id)
        .where('question_id', '=', r.question_id)
        .execute();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'examkit-duck-snapshot-'));
    server = await startTestServer(dialect, {
      jointDuck: { minStudents: 0, dataDir, threads: 1, memoryLimit: '256MB' },
    });
    bureau = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    demo = await signIn(server.app, 'admin');
    lab = await signIn(server.app, 'lab-admin');
    // the small demo's 高一 has one class, taught 数学 by its 任课教师: a second class beside it
    const taught = await server.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.grade_id'])
      .where('g.school_id', '=', demo.schoolId)
      .where('g.grade_num', '=', 10)
      .where('c.name', '=', '高一(1)班')
      .executeTakeFirstOrThrow();
    teacherClass.own = taught.id;
    teacherClass.other = (
      await addClassWithStudents(server.db, {
        schoolId: demo.schoolId,
        grade: taught.grade_id,
        className: '高一(2)班',
        names: ['周一鸣', '吴二妹', '郑三立'],
        prefix: 'J2-',
      })
    ).classId;
    joint = await ok<Joint>(bureau, jointExamRoutes.jointCreate, {
      idempotencyKey: 'joint-duck-snapshot-1',
      name: '2026学年高一大联考',
      examType: '期中',
      examDate: '2026-11-12',
      gradeNum: 10,
      schoolIds: [server.seed.demoSchoolId, server.seed.labSchoolId],
      subjects: [
        { subjectCode: '数学', subjectName: '数学', fullMarks: 30 },
        { subjectCode: '物理', subjectName: '物理', fullMarks: 30 },
      ],
      schoolLabels: 'codes',
    });
    for (const subjectCode of ['数学', '物理'])
      await ok(bureau, jointExamRoutes.jointQuestionsSave, {
        jointExamId: joint.id,
        subjectCode,
        questions: MATH_QUESTIONS,
      });
    for (const user of [demo, lab]) {
      const examId = joint.schools.find((s) => s.schoolId === user.schoolId)!.examId!;
      examOf.set(user.schoolId, examId);
      await importFirstSubjectMarks(server, user, examId, HEADER, marksOf);
      await importFirstSubjectMarks(server, user, examId, HEADER, (n) => marksOf(n + 2), 1);
      // the lab's choices of 1 and 2 were recorded (a blank among them); the demo's were not
      if (user === lab) await recordChoices(examId);
      await ok(user, examRoutes.transition, { id: examId, to: 'finished' });
    }
    // in the teacher's class one student 缺考 in 物理 (the row keeps its score), another without a
    // score on 物理's 5(2)
    const [absent, unscored] = await server.db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', examOf.get(demo.schoolId)!)
      .where('class_id', '=', teacherClass.own)
      .orderBy('student_id')
      .execute();
    const demoPhysics = await server.db
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', examOf.get(demo.schoolId)!)
      .where('subject_code', '=', '物理')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('exam_subject_totals')
      .set({ absent: 1 })
      .where('exam_subject_id', '=', demoPhysics.id)
      .where('student_id', '=', absent!.student_id)
      .execute();
    await server.db
      .deleteFrom('exam_scores')
      .where('exam_subject_id', '=', demoPhysics.id)
      .where('student_id', '=', unscored!.student_id)
      .where(
        'question_id',
        'in',
        server.db
          .selectFrom('exam_questions')
          .select('id')
          .where('exam_subject_id', '=', demoPhysics.id)
          .where('number', '=', '(2)'),
      )
      .execute();
    oddStudents.absent = absent!.student_id;
    oddStudents.unscored = unscored!.student_id;
    for (const [schoolId, examId] of examOf)
      classOf.set(
        schoolId,
        (
          await server.db
            .selectFrom('exam_students as es')
            .innerJoin('students as s', 's.id', 'es.student_id')
            .select('s.class_id')
            .where('es.exam_id', '=', examId)
            .orderBy('s.class_id')
            .executeTakeFirstOrThrow()
        ).class_id,
      );
    await grantKey(server.db, demo.schoolId, '任课教师', JOINT_CLASS_KEY);
    teacher = await signIn(server.app, 'teacher');
    row = (await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow()) as JointRow;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('at threshold 0 the job writes rows grade basic, rank, transcript, school basic, comment, ability, the class pages (a 任课教师 too) and the PDF read; in process they answer the same', async () => {
    await untilReady();
    const written = await head();
    const job = await server.db
      .selectFrom('joint_report_snapshots')
      .select('version')
      .where('joint_exam_id', '=', joint.id)
      .executeTakeFirstOrThrow();
    expect(written?.version).toBe(job.version);
    const students = Number(
      (
        await server.db
          .selectFrom('exam_students')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('exam_id', 'in', [...examOf.values()])
          .executeTakeFirstOrThrow()
      ).n,
    );
    // the whole exam and both schools × the total, 数学 and 物理, each class × 数学 and 物理;
    // every student × the three columns
    const classes = JSON.parse(written!.payload) as { classGroups: number[] };
    expect(classes.classGroups.length).toBeGreaterThan(2);
    expect(await count('joint_snapshot_figures', written!.generation)).toBe(
      3 * 3 + 2 * classes.classGroups.length,
    );
    expect(await count('joint_snapshot_ranks', written!.generation)).toBe(students * 3);
    [mathId, physicsId] = (
      await ok<{ exam: { subjects: { id: number }[] } }>(bureau, jointExamRoutes.jointGradeBasic, {
        jointExamId: joint.id,
      })
    ).exam.subjects.map((s) => s.id) as [number, number];

    const fromRows = await answers();
    // nothing was computed in process: the pages read the rows
    for (const table of ['joint_report_cache', 'joint_class_report_cache'] as const)
      expect(
        await server.db
          .selectFrom(table)
          .select('version')
          .where('joint_exam_id', '=', joint.id)
          .executeTakeFirst(),
        table,
      ).toBeUndefined();
    // a school pages through its own students only, the bureau through everybody
    const demoGroup = joint.schools.findIndex((s) => s.schoolId === demo.schoolId) + 1;
    const demoRanks = fromRows['demo rank 0'] as RankPage[];
    expect(demoRanks.flatMap((p) => p.page.list.map((s) => s.classId))).toEqual(
      Array(demoRanks[0]!.page.total).fill(demoGroup),
    );
    // the keywords find some students, not all
    for (const word of await keyWords()) {
      const found = (fromRows[`bureau transcript ${word}`] as RankPage[])[0]!.page.total;
      expect(found, word).toBeGreaterThan(0);
      expect(found, word).toBeLessThan(students);
    }
    // the comment page counts the lab's choices, the ability page the weak students of each school
    const comment = fromRows['bureau comment'] as {
      questions: { choicesRecorded: boolean; options: { count: number }[] }[];
    };
    expect(comment.questions.map((q) => q.choicesRecorded)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(comment.questions[0]!.options.reduce((n, o) => n + o.count, 0)).toBeGreaterThan(0);
    const ability = fromRows['demo ability'] as {
      knowledgePoints: { tag: string; classes: { weakStudents: number }[] }[];
    };
    expect(ability.knowledgePoints.map((t) => t.tag)).toEqual(['函数', '集合']);
    for (const t of ability.knowledgePoints)
      for (const c of t.classes) expect(c.weakStudents, t.tag).toBeGreaterThan(0);
    // 学校报告: a school's group beside the whole exam; another school's refused
    const demoSchool = fromRows[`demo school ${demo.schoolId}`] as {
      classId: number;
      studentCount: number;
      rows: { critical: { students: { classId: number }[] }[] }[];
    };
    expect(demoSchool.classId).toBe(demoGroup);
    expect(demoSchool.studentCount).toBe(demoRanks[0]!.page.total);
    expect(demoSchool.studentCount).toBeLessThan(students);
    expect(fromRows[`demo school ${lab.schoolId}`]).toMatchObject({
      code: 403,
      message: '只能查看本校的联考报告',
    });
    expect(fromRows[`lab school ${demo.schoolId}`]).toMatchObject({ code: 403 });
    expect(fromRows[`bureau school ${lab.schoolId}`]).toMatchObject({
      classId: joint.schools.findIndex((s) => s.schoolId === lab.schoolId) + 1,
    });
    // the class pages: a school's own classes only, the bureau's by school; a class's tag rates
    type Classes = { exam: { classes: { id: number; name: string }[] } };
    const demoClasses = (fromRows['demo classes'] as Classes).exam.classes;
    const bureauClasses = (fromRows['bureau classes'] as Classes).exam.classes;
    expect(demoClasses.map((c) => c.id)).toContain(classOf.get(demo.schoolId));
    expect(demoClasses.map((c) => c.id)).not.toContain(classOf.get(lab.schoolId));
    expect(bureauClasses.length).toBeGreaterThan(demoClasses.length);
    expect(bureauClasses.find((c) => c.id === classOf.get(lab.schoolId))?.name).toMatch(/^\S+ \S/);
    const classAbility = fromRows[`demo class ability ${demo.schoolId}`] as {
      knowledgePoints: { classScoreRate: number | null; gradeScoreRate: number | null }[];
    };
    expect(classAbility.knowledgePoints.map((t) => t.classScoreRate)).not.toContain(null);
    expect(fromRows[`demo class ability ${lab.schoolId}`]).toMatchObject({
      code: 403,
      message: '只能查看本校的联考报告',
    });
    expect(fromRows[`lab class ability ${demo.schoolId}`]).toMatchObject({ code: 403 });
    expect(fromRows[`bureau class ability ${lab.schoolId} 99`]).toBe(404);
    // 班级成绩单: the class's students with their rank in the class and in the joint exam
    const demoTranscript = fromRows[`demo class transcript ${demo.schoolId}`] as {
      students: { total: { classRank: number | null; gradeRank: number | null } }[];
    };
    expect(demoTranscript.students.length).toBeGreaterThan(1);
    expect(demoTranscript.students[0]!.total).toMatchObject({ classRank: 1 });
    expect(
      demoTranscript.students.some((s) => (s.total.gradeRank ?? 0) > (s.total.classRank ?? 0)),
    ).toBe(true);
    expect(fromRows[`demo class transcript ${lab.schoolId}`]).toMatchObject({ code: 403 });
    // 班级试卷讲评: the class's 失分学生 with their score and answer (the lab's choices of 1)
    type ClassComment = {
      code: number;
      data: {
        questions: {
          options: unknown[];
          lostStudents: { studentId: number; score: number | null; answer: string | null }[];
        }[];
      };
    };
    const labComment = fromRows[`lab class comment ${lab.schoolId} ${mathId}`] as ClassComment;
    expect(labComment.code).toBe(200);
    const lost = labComment.data.questions[0]!.lostStudents;
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.map((s) => s.score)).not.toContain(5);
    expect(lost.some((s) => s.answer !== null)).toBe(true);
    expect(labComment.data.questions[0]!.options.length).toBeGreaterThan(0);
    const physicsComment = fromRows[`demo class comment ${demo.schoolId} ${physicsId}`];
    expect(physicsComment).toMatchObject({ code: 200 });
    const physicsLost = (physicsComment as ClassComment).data.questions.map((q) =>
      q.lostStudents.map((s) => s.studentId),
    );
    for (const list of physicsLost) expect(list).not.toContain(oddStudents.absent);
    expect(
      (physicsComment as ClassComment).data.questions[5]!.lostStudents.find(
        (s) => s.studentId === oddStudents.unscored,
      ),
    ).toMatchObject({ score: null, answer: null });
    expect(fromRows[`demo class comment ${lab.schoolId} ${mathId}`]).toMatchObject({
      code: 403,
      message: '只能查看本校的联考报告',
    });
    expect(fromRows[`bureau class comment ${lab.schoolId} ${physicsId}`]).toMatchObject({
      code: 200,
    });
    expect(fromRows[`bureau class comment ${demo.schoolId} 99`]).toMatchObject({ code: 404 });
    // the 任课教师: their class only, 数学 only; another class of the school refused
    const teacherClasses = (fromRows['teacher classes'] as { data: Classes }).data.exam.classes;
    expect(teacherClasses.map((c) => c.id)).toEqual([teacherClass.own]);
    expect(bureauClasses.map((c) => c.id)).toContain(teacherClass.other);
    const outOfScope = { code: 403, message: '超出数据范围：无权查看该班级的报告' };
    for (const page of ['comment', 'ability']) {
      expect(fromRows[`teacher class ${page} own ${mathId}`], page).toMatchObject({ code: 200 });
      expect(fromRows[`teacher class ${page} own ${physicsId}`], page).toMatchObject({
        code: 403,
        message: '超出数据范围：无权查看该科目的报告',
      });
      for (const subjectId of [mathId, physicsId])
        expect(fromRows[`teacher class ${page} other ${subjectId}`], page).toMatchObject(
          outOfScope,
        );
    }
    expect(fromRows['teacher class transcript other']).toMatchObject(outOfScope);
    const teacherTranscript = fromRows['teacher class transcript own'] as {
      data: { students: { scores: { subjectId: number }[]; total: unknown }[] };
    };
    expect(teacherTranscript.data.students.length).toBeGreaterThan(1);
    for (const s of teacherTranscript.data.students) {
      expect(s.scores.map((c) => c.subjectId)).toEqual([mathId]);
      expect(s.total).toBeNull();
    }
    expect(fromRows['demo comment 99']).toBe(404);
    expect(fromRows['lab ability 99']).toBe(404);
    const bureauRanks = fromRows[`bureau rank ${mathId}`] as RankPage[];
    expect(bureauRanks[0]!.page.total).toBe(students);
    expect(new Set(bureauRanks.flatMap((p) => p.page.list.map((s) => s.classId))).size).toBe(2);

    // the PDF (a download-centre job) from the rows, the lab's with its own students only
    const pdfOf = async (user: UserInfo) => {
      const { jobId } = await ok<{ jobId: number }>(user, jointReportRoutes.jointReportPdf, {
        jointExamId: joint.id,
      });
      return pdfText((await jobFile(server, user, jobId)).body);
    };
    const pdfFromRows = { bureau: await pdfOf(bureau), lab: await pdfOf(lab) };
    // (the demo schools share names and student numbers: the lab's transcript is the shorter)
    for (const text of Object.values(pdfFromRows)) expect(text).toContain('联考成绩单');
    expect(pdfFromRows.lab.length).toBeLessThan(pdfFromRows.bureau.length);

    // the same joint exam at the default threshold: computed in process, the rows dropped
    await inProcess();
    expect(await head()).toBeUndefined();
    expect(await count('joint_snapshot_ranks')).toBe(0);
    const computed = await answers();
    expect(
      await server.db
        .selectFrom('joint_report_cache')
        .select('version')
        .where('joint_exam_id', '=', joint.id)
        .executeTakeFirst(),
    ).toMatchObject({ version: job.version });
    expectSame(fromRows, computed);
    // the PDF computed in process reads the same, word for word
    expect(await pdfOf(bureau)).toBe(pdfFromRows.bureau);
    expect(await pdfOf(lab)).toBe(pdfFromRows.lab);
  }, 120_000);

  it('a changed mark gives a new version and new rows, again as in process', async () => {
    await untilReady();
    const before = (await head())!;
    const examId = examOf.get(lab.schoolId)!;
    // a leaf of a lab student loses a point (and the subject's total row with it, when kept)
    const first = await server.db
      .selectFrom('exam_scores as sc')
      .innerJoin('exam_subjects as es', 'es.id', 'sc.exam_subject_id')
      .select(['sc.student_id', 'sc.question_id', 'sc.exam_subject_id'])
      .where('es.exam_id', '=', examId)
      .where('sc.score', '>=', 1)
      .orderBy('sc.student_id')
      .orderBy('sc.question_id')
      .executeTakeFirstOrThrow();
    const scoreOf = async () =>
      Number(
        (
          await server.db
            .selectFrom('joint_snapshot_ranks')
            .select('score')
            .where('joint_exam_id', '=', joint.id)
            .where('subject', '=', 0)
            .where('student_id', '=', first.student_id)
            .where('generation', '=', (await head())!.generation)
            .executeTakeFirstOrThrow()
        ).score,
      );
    const old = await scoreOf();
    /** Moves the first student's first mark (and its total) by `delta`, a new scores version. */
    const moveMark = async (delta: 1 | -1, tick: number) => {
      await server.db
        .updateTable('exam_scores')
        .set((eb) => ({ score: eb('score', '+', delta), updated_at: Date.now() + tick }))
        .where('student_id', '=', first.student_id)
        .where('question_id', '=', first.question_id)
        .execute();
      await server.db
        .updateTable('exam_subject_totals')
        .set((eb) => ({ score: eb('score', '+', delta) }))
        .where('student_id', '=', first.student_id)
        .where('exam_subject_id', '=', first.exam_subject_id)
        .execute();
    };
    await moveMark(-1, 0);
    await untilReady();
    const after = (await head())!;
    expect(after.version).not.toBe(before.version);
    // a new generation of rows; the one before stays for a reader of the old head
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(await count('joint_snapshot_ranks', after.generation)).toBe(
      await count('joint_snapshot_ranks', before.generation),
    );
    expect(await scoreOf()).toBe(old - 1);
    const fromRows = await answers();

    // the mark back: a third version, and the rows older than the previous generation are gone
    await moveMark(1, 1);
    await untilReady();
    const third = (await head())!;
    expect(await scoreOf()).toBe(old);
    expect(await count('joint_snapshot_ranks', before.generation)).toBe(0);
    expect(await count('joint_snapshot_ranks')).toBe(
      (await count('joint_snapshot_ranks', third.generation)) +
        (await count('joint_snapshot_ranks', third.generation - 1)),
    );

    // the second version's answers, in process
    await moveMark(-1, 2);
    await inProcess();
    expectSame(fromRows, await answers());
  }, 120_000);
});
