import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { scoreObjective } from '../exam/objectiveScoring';
import { DEMO_EXAMS, seedExams } from './seedExam';
import { DEMO_GAOKAO, seedGaokao } from './seedGaokao';
import { DEMO_YEARS, seedDemo } from './seedDemo';

describe.each(DIALECTS)('demo exams on %s', (dialect) => {
  let database: TestDatabase;
  let schoolId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    schoolId = (await seedDemo(database.db, { size: 'small' })).demoSchoolId;
  });
  afterAll(() => database.drop());

  it('seeds a finished 期中 with full papers, keys and consistent scores, and a draft 周练', async () => {
    const { db } = database;
    const exams = await db
      .selectFrom('exams')
      .select(['id', 'name', 'state', 'exam_type'])
      .where('school_id', '=', schoolId)
      .orderBy('id')
      .execute();
    expect(exams.map((e) => [e.name, e.exam_type, e.state])).toEqual([
      [DEMO_EXAMS.midterm, '期中', 'finished'],
      [DEMO_EXAMS.quiz, '周练', 'draft'],
    ]);
    const midterm = exams[0]!.id;
    const subjects = await db
      .selectFrom('exam_subjects')
      .selectAll()
      .where('exam_id', '=', midterm)
      .orderBy('sort_order')
      .execute();
    expect(subjects.map((s) => [s.subject_name, s.full_marks])).toEqual([
      ['语文', 150],
      ['数学', 150],
      ['英语', 150],
      ['物理', 100],
      ['化学', 100],
      ['生物', 100],
    ]);
    const students = await db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', midterm)
      .execute();
    expect(students).toHaveLength(5);
    for (const subject of subjects) {
      expect(subject.sheet_template).not.toBeNull();
      const questions = await db
        .selectFrom('exam_questions')
        .selectAll()
        .where('exam_subject_id', '=', subject.id)
        .execute();
      const topMarks = questions
        .filter((q) => q.parent_id === null)
        .reduce((s, q) => s + q.full_marks, 0);
      expect(topMarks).toBe(subject.full_marks);
      expect(questions.some((q) => q.kind === 'subjective')).toBe(true);
      expect(questions.filter((q) => q.kind === 'single').every((q) => q.answer !== null)).toBe(
        true,
      );
      expect(questions.every((q) => JSON.parse(q.knowledge_points).length > 0)).toBe(true);
      const totals = await db
        .selectFrom('exam_subject_totals')
        .selectAll()
        .where('exam_subject_id', '=', subject.id)
        .execute();
      expect(totals).toHaveLength(5);
      const scores = await db
        .selectFrom('exam_scores')
        .selectAll()
        .where('exam_subject_id', '=', subject.id)
        .execute();
      const byId = new Map(questions.map((q) => [q.id, q]));
      for (const total of totals) {
        const own = scores.filter((s) => s.student_id === total.student_id);
        if (total.absent === 1) {
          expect(own).toEqual([]);
          expect(total.score).toBeNull();
          continue;
        }
        const sum = own.reduce((s, x) => s + x.score, 0);
        expect(total.score).toBeCloseTo(sum, 6);
        for (const score of own) {
          const q = byId.get(score.question_id)!;
          expect(score.score).toBeLessThanOrEqual(q.full_marks);
          if (score.source === 'objective')
            expect(score.score).toBe(
              scoreObjective(
                {
                  kind: q.kind as 'single',
                  fullMarks: q.full_marks,
                  answer: q.answer,
                  partialMarks: q.partial_marks,
                },
                score.answer,
              ),
            );
        }
      }
    }
    const absent = await db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
      .select('s.subject_name')
      .where('s.exam_id', '=', midterm)
      .where('t.absent', '=', 1)
      .execute();
    expect(absent.map((a) => a.subject_name)).toContain('英语');

    const quiz = exams[1]!.id;
    const quizSubjects = await db
      .selectFrom('exam_subjects as s')
      .select((eb) => [
        's.subject_name',
        eb
          .selectFrom('exam_questions as q')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('q.exam_subject_id', '=', 's.id')
          .as('n'),
      ])
      .where('s.exam_id', '=', quiz)
      .orderBy('s.sort_order')
      .execute();
    expect(quizSubjects.map((s) => [s.subject_name, Number(s.n) > 0])).toEqual([
      ['数学', true],
      ['物理', false],
    ]);
  });

  it('seeds the 高二 exam of nine subjects, each student sitting the three of their 选科, and its analysis', async () => {
    const { db } = database;
    // the full demo seeds it; the small one of the tests leaves it to be asked for
    await seedGaokao(db, { schoolId, academicYear: DEMO_YEARS.current });
    const exam = await db
      .selectFrom('exams')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('name', '=', DEMO_GAOKAO.exam)
      .executeTakeFirstOrThrow();
    const subjects = await db
      .selectFrom('exam_subjects')
      .select(['id', 'subject_name', 'elective'])
      .where('exam_id', '=', exam.id)
      .orderBy('sort_order')
      .execute();
    expect(subjects.map((s) => [s.subject_name, s.elective])).toEqual([
      ['语文', 0],
      ['数学', 0],
      ['英语', 0],
      ['物理', 1],
      ['化学', 1],
      ['生物', 1],
      ['历史', 1],
      ['政治', 1],
      ['地理', 1],
    ]);
    const choices = await db
      .selectFrom('exam_student_electives as e')
      .innerJoin('exam_subjects as s', 's.id', 'e.exam_subject_id')
      .innerJoin('student_details as d', 'd.student_id', 'e.student_id')
      .select(['e.student_id', 's.subject_name', 'd.electives'])
      .where('s.exam_id', '=', exam.id)
      .execute();
    expect(choices).toHaveLength(5 * 3);
    for (const c of choices) expect(c.electives!.split(',')).toContain(c.subject_name);
    // a student has a 化学 total only when 化学 is among their 选科
    const chemistry = subjects.find((s) => s.subject_name === '化学')!.id;
    const takers = await db
      .selectFrom('exam_subject_totals')
      .select('student_id')
      .where('exam_subject_id', '=', chemistry)
      .execute();
    const chose = choices.filter((c) => c.subject_name === '化学').map((c) => c.student_id);
    expect(takers.map((t) => t.student_id).sort()).toEqual(chose.sort());
    const analysis = await db
      .selectFrom('gaokao_analyses')
      .select(['name', 'profile_code'])
      .where('exam_id', '=', exam.id)
      .execute();
    expect(analysis).toEqual([{ name: DEMO_GAOKAO.analysis, profile_code: 'common' }]);
  });

  it('is idempotent and deterministic', async () => {
    const { db } = database;
    const snapshot = () =>
      db
        .selectFrom('exam_scores')
        .select(['question_id', 'student_id', 'score', 'answer'])
        .orderBy('question_id')
        .orderBy('student_id')
        .execute();
    const before = await snapshot();
    await seedExams(db, { schoolId, academicYear: DEMO_YEARS.current });
    await seedGaokao(db, { schoolId, academicYear: DEMO_YEARS.current });
    expect(await snapshot()).toEqual(before);
    const other = await createTestDatabase(dialect);
    try {
      const seeded = await seedDemo(other.db, { size: 'small' });
      await seedGaokao(other.db, {
        schoolId: seeded.demoSchoolId,
        academicYear: DEMO_YEARS.current,
      });
      const again = await other.db
        .selectFrom('exam_scores')
        .select(['score', 'answer'])
        .orderBy('question_id')
        .orderBy('student_id')
        .execute();
      expect(again).toEqual(before.map(({ score, answer }) => ({ score, answer })));
    } finally {
      await other.drop();
    }
  }, 30_000);
});
