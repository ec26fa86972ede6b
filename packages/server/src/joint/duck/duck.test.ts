import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ExamAnalysis,
  GroupReport,
  ScoreStats,
  StudentSubjectColumns,
} from '@examkit/analysis';
import {
  examRoutes,
  jointExamRoutes,
  type JointExam,
  type QuestionInput,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineId, invalidateExamReport } from '../../report/cache';
import type { CachedReport } from '../../report/snapshot';
import type { ReportContext } from '../../report/views/context';
import { electiveRanks } from '../../report/views/shared';
import { importFirstSubjectMarks, MATH_QUESTIONS } from '../../exam/testKit';
import { writeParam } from '../../school/params';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../../test/fixtures';
import { addSchoolInRegion } from '../../test/schoolKit';
import type { JointRow } from '../access';
import { readJointReport } from '../report';
import { gradeFigures, type DuckGradeFigures } from './figures';
import { studentRanks, type DuckStudentRank } from './ranks';
import { loadJointInput } from './load';
import { openJointDuck } from './open';

type Joint = Static<typeof JointExam>;
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
/** Leaf marks of the n-th student: many ties, halves in 5(2), zeros and full marks. */
const marksOf = (n: number) => [n % 2 ? 5 : 0, n % 3 ? 6 : 3, 2, n % 6, n % 5, ((n * 3) % 17) / 2];
const PHYSICS: QuestionInput[] = [
  { number: '1', kind: 'single', fullMarks: 5, optionCount: 4, answer: 'A' },
  { number: '2', kind: 'subjective', fullMarks: 15, scoreStep: 0.5 },
];

/** Equal, or both numbers within the engine's float summation order (1e-9 relative). */
function same(
  actual: number | null | undefined,
  expected: number | null | undefined,
  where: string,
) {
  if (expected === null || expected === undefined || actual === null || actual === undefined) {
    expect(actual ?? null, where).toBe(expected ?? null);
    return;
  }
  expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(expected)),
  );
}

/** Every grade-level figure of DuckDB against the engine's, group by group and column by column. */
function compareFigures(analysis: ExamAnalysis, duck: DuckGradeFigures, subjects: number[]) {
  const groups: [number, GroupReport][] = [
    [0, analysis.grade],
    ...analysis.classes.map((c) => [Number(c.id), c] as [number, GroupReport]),
  ];
  expect(duck.groups.map((g) => g.group)).toEqual(groups.map(([g]) => g));
  let compared = 0;
  for (const [g, report] of groups) {
    const mine = duck.groups.find((x) => x.group === g)!;
    expect(mine.studentCount, `group ${g} students`).toBe(report.studentCount);
    for (const subject of [0, ...subjects]) {
      const where = `group ${g} subject ${subject}`;
      const engine: ScoreStats =
        subject === 0
          ? report.total
          : report.subjects.find((s) => s.subjectId === engineId(subject))!;
      const stats = mine.columns.get(subject)!;
      expect(stats.fullMarks, where).toBe(engine.fullMarks);
      const d = engine.description;
      expect([stats.description.count, stats.description.absent], where).toEqual([
        d.count,
        d.absent,
      ]);
      expect(
        [stats.description.max, stats.description.min, stats.description.median],
        where,
      ).toEqual([d.max, d.min, d.median]);
      same(stats.description.mean, d.mean, `${where} mean`);
      same(stats.description.sd, d.sd, `${where} sd`);
      same(stats.aboveMeanRate, engine.aboveMeanRate, `${where} 超均率`);
      expect(stats.levels, where).toEqual(engine.levels);
      expect(stats.bands, where).toEqual(engine.bands);
      expect(stats.segments, where).toEqual(engine.segments);
      expect(
        stats.critical.map((c) => ({ ...c, studentIds: c.studentIds.map(engineId) })),
        where,
      ).toEqual(engine.critical);
      compared++;
      if (subject === 0) continue;
      const questions = (engine as (typeof report.subjects)[number]).questions;
      const own = mine.questions.get(subject)!;
      expect(own.length, where).toBe(questions.length);
      questions.forEach((q, qi) => {
        const at = `${where} question ${qi + 1}`;
        expect(own[qi]!.count, at).toBe(q.count);
        same(own[qi]!.mean, q.mean, `${at} mean`);
        same(own[qi]!.scoreRate, q.scoreRate, `${at} 得分率`);
        same(own[qi]!.fullMarkRate, q.fullMarkRate, `${at} 满分率`);
        same(own[qi]!.zeroRate, q.zeroRate, `${at} 零分率`);
        same(own[qi]!.discrimination, q.discrimination, `${at} 区分度`);
        same(own[qi]!.itemTotalCorrelation, q.itemTotalCorrelation, `${at} 题总相关`);
        expect(own[qi]!.options?.map((o) => [o.option, o.count]) ?? null, at).toEqual(
          q.options?.map((o) => [o.option, o.count]) ?? null,
        );
        q.options?.forEach((o, k) => same(own[qi]!.options![k]!.rate, o.rate, `${at} ${o.option}`));
        same(own[qi]!.blankRate, q.blankRate, `${at} 未作答率`);
      });
      const subjectStats = engine as (typeof report.subjects)[number];
      const paper = mine.papers.get(subject)!;
      same(paper.cronbachAlpha, subjectStats.cronbachAlpha, `${where} α`);
      for (const kind of ['knowledgePoints', 'abilities'] as const) {
        expect(
          paper[kind].map((t) => [t.tag, t.questionIds.map(engineId), t.fullMarks]),
          `${where} ${kind}`,
        ).toEqual(subjectStats[kind].map((t) => [t.tag, t.questionIds, t.fullMarks]));
        subjectStats[kind].forEach((t, k) => {
          same(paper[kind][k]!.mean, t.mean, `${where} ${t.tag}`);
          same(paper[kind][k]!.scoreRate, t.scoreRate, `${where} ${t.tag} 得分率`);
        });
      }
    }
  }
  return compared;
}

/**
 * The engine's per-student columns and the rank page's 选考 ranks against DuckDB's (read in pages).
 */
function compareStudents(report: CachedReport, ranks: DuckStudentRank[], subjects: number[]) {
  const { students } = report.analysis;
  const choices = electiveRanks({ report } as ReportContext);
  const expected: DuckStudentRank[] = [];
  students.ids.forEach((id, i) => {
    for (const subject of [0, ...subjects]) {
      const col =
        subject === 0
          ? students.total
          : students.subjects.find((s) => s.subjectId === engineId(subject))!;
      const score = col.scores[i];
      if (score === null || score === undefined) continue;
      const choice =
        subject === 0
          ? choices[i]!
          : { combination: null, combinationRank: null, track: null, trackRank: null };
      expected.push({
        studentId: Number(id),
        group: Number(students.classIds[i]),
        subject,
        score,
        rank: col.gradeRanks[i]!,
        groupRank: col.classRanks[i]!,
        level: col.levels[i]!,
        ...choice,
        z: col.z[i] ?? null,
        t: col.t[i] ?? null,
        percentile: col.percentiles[i]!,
        balance: subject === 0 ? null : (col as StudentSubjectColumns).balance[i]!,
      });
    }
  });
  // z and T divide by the spread, which DuckDB sums in another order: within 10⁻⁹
  const exact = (list: DuckStudentRank[]) => list.map(({ z: _z, t: _t, ...rest }) => rest);
  expect(exact(ranks)).toEqual(exact(expected));
  expected.forEach((e, k) => {
    same(ranks[k]!.z, e.z, `student ${e.studentId} subject ${e.subject} z`);
    same(ranks[k]!.t, e.t, `student ${e.studentId} subject ${e.subject} T`);
  });
  expect(ranks.some((r) => r.z !== null && r.z !== 0)).toBe(true);
  expect(ranks.some((r) => r.balance !== null && r.balance !== 0)).toBe(true);
  return expected.length;
}

describe.each(DIALECTS)('the joint grade figures in DuckDB equal the engine’s on %s', (dialect) => {
  let server: TestServer;
  let bureau: UserInfo;
  const staff: UserInfo[] = [];
  let joint: Joint;
  let dataDir: string;
  /** Each school's exam, in the joint exam's order. */
  const exams: number[] = [];

  const ok = async <T>(user: UserInfo, contract: Parameters<typeof call>[1], body: object) => {
    const result = await call<T>(server.app, contract, {
      token: user.token,
      schoolId: user.schoolId,
      body: body as Record<string, unknown>,
    });
    if (result.body.code !== 200) throw new Error(JSON.stringify(result.body));
    return result.body.data;
  };

  /**
   * Both ways: the engine over the union snapshot (one group per school, or per class), DuckDB
   * over the tables (pages of 7 rows).
   */
  const bothWays = async (groups: 'schools' | 'classes' = 'schools') => {
    const row = (await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow()) as JointRow;
    const engine = await readJointReport(server.db, server.clock, row, groups === 'classes');
    const duck = await openJointDuck({ dataDir, threads: 1, memoryLimit: '256MB' });
    try {
      const input = await loadJointInput(server.db, duck.connection, row, { pageSize: 7 });
      const figures = await gradeFigures(duck.connection, input, { groups });
      const ranks: DuckStudentRank[] = [];
      for (let after = 0; ;) {
        const page = await studentRanks(duck.connection, { after, limit: 4 });
        if (page.length === 0) break;
        ranks.push(...page);
        after = page[page.length - 1]!.studentId;
      }
      return { analysis: engine.report.analysis, report: engine.report, figures, ranks, input };
    } finally {
      duck.close();
    }
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    dataDir = mkdtempSync(join(tmpdir(), 'examkit-duck-'));
    const third = await addSchoolInRegion(server.db, {
      schoolName: '第三中学',
      loginName: 'third-admin',
      prefix: 'T30',
      region: 'demo-district',
    });
    bureau = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    for (const login of ['admin', 'lab-admin', 'third-admin'])
      staff.push(await signIn(server.app, login));
    joint = await ok<Joint>(bureau, jointExamRoutes.jointCreate, {
      idempotencyKey: 'joint-duck-1',
      name: '2026学年高一期中联考',
      examType: '期中',
      examDate: '2026-11-12',
      gradeNum: 10,
      schoolIds: [server.seed.demoSchoolId, server.seed.labSchoolId, third.schoolId],
      subjects: [
        { subjectCode: '数学', subjectName: '数学', fullMarks: 30 },
        { subjectCode: '物理', subjectName: '物理', fullMarks: 20, elective: true },
        // everybody absent: out of the total, its figures empty
        { subjectCode: '化学', subjectName: '化学', fullMarks: 5 },
      ],
      schoolLabels: 'codes',
    });
    for (const [code, questions] of [
      ['数学', MATH_QUESTIONS],
      ['物理', PHYSICS],
      ['化学', PHYSICS.slice(0, 1)],
    ] as const)
      await ok(bureau, jointExamRoutes.jointQuestionsSave, {
        jointExamId: joint.id,
        subjectCode: code,
        questions,
      });
    const { db } = server;
    for (const [k, user] of staff.entries()) {
      const examId = joint.schools.find((s) => s.schoolId === user.schoolId)!.examId!;
      exams.push(examId);
      // 数学 imported as a school does; k shifts each school's marks
      await importFirstSubjectMarks(server, user, examId, HEADER, (n) => marksOf(n + 3 * k));
      const subjects = await db
        .selectFrom('exam_subjects')
        .select(['id', 'subject_code'])
        .where('exam_id', '=', examId)
        .execute();
      const math = subjects.find((s) => s.subject_code === '数学')!.id;
      const physics = subjects.find((s) => s.subject_code === '物理')!.id;
      const students = await db
        .selectFrom('exam_students')
        .select('student_id')
        .where('exam_id', '=', examId)
        .orderBy('student_id')
        .execute();
      const ids = students.map((s) => s.student_id);
      // 缺考 in 数学; one total row missing (its leaves are summed); one student with nothing
      await db
        .updateTable('exam_subject_totals')
        .set({ absent: 1, score: null })
        .where('exam_subject_id', '=', math)
        .where('student_id', '=', ids[1]!)
        .execute();
      if (ids.length > 3) {
        await db
          .deleteFrom('exam_subject_totals')
          .where('exam_subject_id', '=', math)
          .where('student_id', 'in', [ids[2]!, ids[3]!])
          .execute();
        await db
          .deleteFrom('exam_scores')
          .where('exam_subject_id', '=', math)
          .where('student_id', '=', ids[3]!)
          .execute();
      }
      // 物理: 选考 at the first two schools (every other student takes it), taken by all at the third
      if (k === 2)
        await db
          .updateTable('exam_subjects')
          .set({ elective: 0 })
          .where('id', '=', physics)
          .execute();
      const takers = k === 2 ? ids : ids.filter((_, i) => i % 2 === 0);
      if (k < 2)
        await db
          .insertInto('exam_student_electives')
          .values(takers.map((student_id) => ({ exam_subject_id: physics, student_id })))
          .execute();
      const leaves = await db
        .selectFrom('exam_questions')
        .select('id')
        .where('exam_subject_id', '=', physics)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const scoreRows = takers.flatMap((student_id, i) => [
        {
          q: leaves[0]!.id,
          student_id,
          score: (i + k) % 3 === 0 ? 0 : 5,
          // recognised choices: right, wrong, lower case, two marks, none, a stray mark
          answer: ['A', 'B', 'c', 'AD', null, 'X'][(i + k) % 6] ?? null,
        },
        { q: leaves[1]!.id, student_id, score: ((i * 7 + k) % 31) / 2, answer: null },
      ]);
      await db
        .insertInto('exam_scores')
        .values(
          scoreRows.map((r) => ({
            exam_subject_id: physics,
            question_id: r.q,
            student_id: r.student_id,
            score: r.score,
            source: 'import',
            answer: r.answer,
            updated_at: 1,
          })),
        )
        .execute();
      await db
        .insertInto('exam_subject_totals')
        .values(
          takers.map((student_id, i) => ({
            exam_subject_id: physics,
            student_id,
            // the last taker is absent from 物理 (a score left on an absent row does not count)
            score: ((i + k) % 3 === 0 ? 0 : 5) + ((i * 7 + k) % 31) / 2,
            absent: i === takers.length - 1 ? 1 : 0,
            updated_at: 1,
          })),
        )
        .execute();
      if (k === 0) {
        // a class of the exam without any student of it: an empty group of the class pages
        const grade = await db
          .selectFrom('exams')
          .select('grade_id')
          .where('id', '=', examId)
          .executeTakeFirstOrThrow();
        const empty = await db
          .insertInto('classes')
          .values({ grade_id: grade.grade_id, name: '高一(9)班' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('exam_classes')
          .values({ exam_id: examId, class_id: empty.id })
          .execute();
      }
      const chemistry = subjects.find((s) => s.subject_code === '化学')!.id;
      await db
        .insertInto('exam_subject_totals')
        .values(
          ids.map((student_id) => ({
            exam_subject_id: chemistry,
            student_id,
            score: null,
            absent: 1,
            updated_at: 1,
          })),
        )
        .execute();
      // the third school finishes later
      if (k < 2) await ok(user, examRoutes.transition, { id: examId, to: 'finished' });
    }
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a school not finished yet is left out, as the union leaves it out', async () => {
    const { input, analysis, report, figures, ranks } = await bothWays();
    expect(input.parts.map((p) => p.group)).toEqual([1, 2]);
    expect(compareFigures(analysis, figures, [1, 2, 3])).toBe(3 * 4);
    compareStudents(report, ranks, [1, 2, 3]);
  });

  it('loads the three schools and their subjects as the union does', async () => {
    await ok(staff[2]!, examRoutes.transition, { id: exams[2], to: 'finished' });
    const { input, analysis } = await bothWays();
    expect(input.parts.map((p) => [p.group, p.name])).toEqual([
      [1, '示范中学'],
      [2, '实验中学'],
      [3, '第三中学'],
    ]);
    expect(input.subjects.map((s) => [s.index, s.name, s.fullMarks, s.elective])).toEqual([
      [1, '数学', 30, false],
      [2, '物理', 20, true],
      [3, '化学', 5, false],
    ]);
    expect(input.subjects[0]!.questions.map((q) => q.number)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5(1)',
      '5(2)',
    ]);
    expect(analysis.students.ids).toHaveLength(28);
  });

  it('every grade basic and rank figure is the engine’s: groups, subjects, questions, students', async () => {
    const { analysis, report, figures, ranks } = await bothWays();
    // 化学, which nobody sat, is out of the total
    expect(figures.totalFullMarks).toBe(50);
    expect(analysis.grade.subjects[2]!.description.count).toBe(0);
    // the data is what it claims: absences, 选考 takers, halves, ties
    const physics = analysis.grade.subjects[1]!;
    expect(physics.description.count).toBeGreaterThan(5);
    expect(physics.description.absent).toBe(3);
    expect(analysis.grade.subjects[0]!.description.absent).toBeGreaterThanOrEqual(3);
    expect(physics.cronbachAlpha).not.toBeNull();
    expect(physics.questions[0]!.itemTotalCorrelation).not.toBeNull();
    expect(physics.questions[0]!.options!.map((o) => o.option)).toEqual(['A', 'B', 'C', 'D']);
    expect(physics.questions[0]!.options!.every((o) => o.count > 0)).toBe(true);
    expect(physics.questions[0]!.blankRate).toBeGreaterThan(0);
    expect(compareFigures(analysis, figures, [1, 2, 3])).toBe(4 * 4);
    expect(compareStudents(report, ranks, [1, 2, 3])).toBeGreaterThan(40);
    // a union has no previous exam: no rank or percentile changes to compute
    for (const col of [analysis.students.total, ...analysis.students.subjects])
      expect([...col.rankChanges, ...col.percentileChanges].every((v) => v === null)).toBe(true);
  });

  it('and so per class, as the class pages’ union groups the students', async () => {
    const { analysis, report, figures, ranks, input } = await bothWays('classes');
    const classIds = analysis.classes.map((c) => Number(c.id));
    expect(input.classes.map((c) => c.id)).toEqual(classIds);
    // every school's classes, one of them without a student
    expect(new Set(input.classes.map((c) => c.group))).toEqual(new Set([1, 2, 3]));
    expect(classIds.length).toBeGreaterThan(3);
    expect(figures.groups.filter((g) => g.studentCount === 0)).toHaveLength(1);
    expect(compareFigures(analysis, figures, [1, 2, 3])).toBe((classIds.length + 1) * 4);
    compareStudents(report, ranks, [1, 2, 3]);
  });

  it('refuses a school lacking a subject or with another paper, with the union’s message', async () => {
    const row = (await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow()) as JointRow;
    const refusedBoth = async (message: string, examId: number) => {
      // the exam domain drops a school's cached report after such a change; a later report time
      // is a new joint version
      await invalidateExamReport(server.db, examId);
      server.clock.advance(1000);
      await expect(readJointReport(server.db, server.clock, row)).rejects.toThrow(message);
      const duck = await openJointDuck({ dataDir });
      try {
        await expect(loadJointInput(server.db, duck.connection, row)).rejects.toThrow(message);
      } finally {
        duck.close();
      }
    };
    const physics = server.db
      .updateTable('exam_subjects')
      .where('exam_id', '=', exams[2]!)
      .where('subject_code', 'in', ['物理', '理综']);
    await physics.set({ subject_code: '理综' }).execute();
    try {
      await refusedBoth('第三中学的考试缺少科目物理', exams[2]!);
    } finally {
      await physics.set({ subject_code: '物理' }).execute();
    }

    const math = await server.db
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', exams[1]!)
      .where('subject_code', '=', '数学')
      .executeTakeFirstOrThrow();
    const third = server.db
      .updateTable('exam_questions')
      .where('exam_subject_id', '=', math.id)
      .where('number', 'in', ['3', '3*']);
    await third.set({ number: '3*' }).execute();
    try {
      await refusedBoth('各校数学试卷结构不一致（实验中学）', exams[1]!);
    } finally {
      await third.set({ number: '3' }).execute();
      await invalidateExamReport(server.db, exams[1]!);
      await invalidateExamReport(server.db, exams[2]!);
      server.clock.advance(1000);
    }
  });

  it('and so under the first school’s own parameters (levels, 27 % → 30 %, 均分不计零分, T 500)', async () => {
    await writeParam(
      server.db,
      server.seed.demoSchoolId,
      'level',
      {
        excellent: 80,
        good: 65,
        pass: 55,
        low: 25,
      },
      Date.now(),
    );
    await writeParam(
      server.db,
      server.seed.demoSchoolId,
      'count',
      {
        border: 3,
        topPercent: 30,
        bottomPercent: 20,
        tScore500: true,
      },
      Date.now(),
    );
    await writeParam(
      server.db,
      server.seed.demoSchoolId,
      'average',
      { excludeZero: true },
      Date.now(),
    );
    const { analysis, report, figures, ranks, input } = await bothWays();
    expect(input.options).toMatchObject({
      groupFraction: 0.3,
      lowerGroupFraction: 0.2,
      criticalBandPoints: 3,
      mean: { excludeZero: true },
      tScale: { mean: 500, sd: 100 },
    });
    expect(compareFigures(analysis, figures, [1, 2, 3])).toBe(4 * 4);
    compareStudents(report, ranks, [1, 2, 3]);
  });
});
