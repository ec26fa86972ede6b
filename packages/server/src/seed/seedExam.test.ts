import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { scoreObjective } from '../exam/objectiveScoring';
import { DEMO_EXAMS, seedExams } from './seedExam';
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
    expect(await snapshot()).toEqual(before);
    const other = await createTestDatabase(dialect);
    try {
      await seedDemo(other.db, { size: 'small' });
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
  });
});
