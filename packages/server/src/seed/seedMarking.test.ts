import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { seedDemo } from './seedDemo';
import { seedMarking } from './seedMarking';

describe.each(DIALECTS)('demo marking exam on %s', (dialect) => {
  let database: TestDatabase;
  const files = createMemoryFileStore();
  let seeded: Awaited<ReturnType<typeof seedMarking>>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'small' });
    seeded = await seedMarking(database.db, files);
  });
  afterAll(() => database.drop());

  it('opens an exam in marking with double-marking blocks whose every paper has a real PNG crop', async () => {
    const { db } = database;
    expect(seeded).not.toBeNull();
    const exam = await db
      .selectFrom('exams')
      .select(['state'])
      .where('id', '=', seeded!.examId)
      .executeTakeFirstOrThrow();
    expect(exam.state).toBe('marking');
    const blocks = await db
      .selectFrom('marking_blocks')
      .selectAll()
      .where('id', 'in', seeded!.blockIds)
      .execute();
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.mode === 'double')).toBe(true);
    const papers = await db
      .selectFrom('marking_papers')
      .select(['crop_key'])
      .where('block_id', 'in', seeded!.blockIds)
      .execute();
    expect(papers.length).toBeGreaterThan(0);
    for (const paper of papers.slice(0, 5)) {
      const png = await files.get(paper.crop_key);
      expect(png?.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('does nothing the second time', async () => {
    const before = await database.db
      .selectFrom('marking_papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await seedMarking(database.db, files)).toBeNull();
    const after = await database.db
      .selectFrom('marking_papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
