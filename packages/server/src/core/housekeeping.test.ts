import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../auth/oneTimeTokens';
import { createFakeClock } from './clock';
import { pruneExpired } from './housekeeping';
import { createSession, DEFAULT_SESSION_TIMEOUTS } from './session';
import { createTestDatabase, DIALECTS, TEST_NOW, type TestDatabase } from '../test/fixtures';
import { seedDemo } from '../seed/seedDemo';

describe.each(DIALECTS)('pruneExpired on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'small' });
  });
  afterAll(() => database.drop());

  it('deletes dead sessions and tokens and keeps live ones', async () => {
    const clock = createFakeClock(TEST_NOW);
    const { id: userId } = await database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    await createSession(database.db, clock, { userId, schoolId: 1, academicYear: 2026 });
    await issueOneTimeToken(database.db, clock, { purpose: 'handover', ttlMs: 60_000, userId });
    clock.advance(2 * 86_400_000);
    await createSession(database.db, clock, { userId, schoolId: 1, academicYear: 2026 });
    await issueOneTimeToken(database.db, clock, { purpose: 'handover', ttlMs: 60_000, userId });
    await pruneExpired(database.db, clock, DEFAULT_SESSION_TIMEOUTS);
    const sessions = await database.db.selectFrom('sessions').select('created_at').execute();
    const tokens = await database.db.selectFrom('one_time_tokens').select('created_at').execute();
    expect(sessions.map((s) => s.created_at)).toEqual([clock.now().getTime()]);
    expect(tokens.map((t) => t.created_at)).toEqual([clock.now().getTime()]);
  });
});
