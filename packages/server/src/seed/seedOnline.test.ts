import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import { createTestDatabase, DIALECTS, TEST_NOW, type TestDatabase } from '../test/fixtures';
import { seedDemo } from './seedDemo';
import { DEMO_ONLINE, seedOnline } from './seedOnline';

describe.each(DIALECTS)('demo online exam on %s', (dialect) => {
  let database: TestDatabase;
  let seeded: Awaited<ReturnType<typeof seedOnline>>;
  const clock = createFakeClock(TEST_NOW);
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'small' });
    seeded = await seedOnline(database.db, { clock });
  });
  afterAll(() => database.drop());

  it('opens an online exam with the code DEMO2026, one question of each kind and scored hand-ins', async () => {
    const { db } = database;
    expect(seeded).not.toBeNull();
    const online = await db
      .selectFrom('online_exams')
      .selectAll()
      .where('exam_id', '=', seeded!.examId)
      .executeTakeFirstOrThrow();
    expect(online.code).toBe(DEMO_ONLINE.code);
    expect(online.starts_at).toBeLessThan(TEST_NOW.getTime());
    expect(online.ends_at).toBeGreaterThan(TEST_NOW.getTime());
    const kinds = await db
      .selectFrom('exam_questions as q')
      .innerJoin('exam_subjects as s', 's.id', 'q.exam_subject_id')
      .select(['q.kind', 'q.answer'])
      .where('s.exam_id', '=', seeded!.examId)
      .orderBy('q.sort_order')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['single', 'multiple', 'judge', 'fill', 'subjective']);
    const attempts = await db
      .selectFrom('online_attempts')
      .select(['student_id', 'submitted_at'])
      .where('exam_id', '=', seeded!.examId)
      .execute();
    const students = await db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', seeded!.examId)
      .execute();
    expect(attempts.length).toBe(Math.ceil((students.length * 2) / 3));
    expect(attempts.every((a) => a.submitted_at !== null)).toBe(true);
    const totals = await db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
      .select('t.score')
      .where('s.exam_id', '=', seeded!.examId)
      .execute();
    expect(totals).toHaveLength(attempts.length);
    expect(new Set(totals.map((t) => t.score)).size).toBeGreaterThan(1);
  });

  it('leaves an existing demo online exam alone', async () => {
    expect(await seedOnline(database.db, { clock })).toBeNull();
  });
});
