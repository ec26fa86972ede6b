import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { percentile, runMarkingLoad } from './simulation';
import { checkDoubleMarking, createLoadBlock, remainingPapers } from './testing';

/**
 * The bounded version of the acceptance run (200 markers × 20,000 papers lives in
 * bench/marking-load.mjs): markers pull and submit over HTTP on loopback until a
 * double-marking block is done.
 */
const MARKERS = Number(process.env.MARKING_TEST_MARKERS ?? 40);
const PAPERS = Number(process.env.MARKING_TEST_PAPERS ?? 600);

describe.each(DIALECTS)('concurrent marking over HTTP on %s', (dialect) => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, { logger: false });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it(`${MARKERS} markers finish ${PAPERS} papers in double mode: two distinct marks or an arbitration each, no duplicates, nothing lost, no errors`, async () => {
    const { blockId, markers, arbitrators, fullScore } = await createLoadBlock(
      server.db,
      server.clock,
      {
        schoolId: server.seed.demoSchoolId,
        students: PAPERS,
        markers: MARKERS,
        arbitrators: 4,
      },
    );
    const result = await runMarkingLoad({
      baseUrl,
      blockId,
      markerTokens: markers.map((m) => m.token),
      arbitratorTokens: arbitrators.map((a) => a.token),
      fullScore,
      remaining: () => remainingPapers(server.db, blockId),
      timeoutMs: 120_000,
    });
    expect(result.errors).toEqual([]);
    expect(await checkDoubleMarking(server.db, blockId)).toEqual([]);
    const marks = await server.db
      .selectFrom('marking_marks')
      .select(['idempotency_key', 'task_id', 'score_half'])
      .where('block_id', '=', blockId)
      .execute();
    expect(marks).toHaveLength(result.submits);
    const stored = new Map(marks.map((m) => [m.idempotency_key, m]));
    for (const [key, ack] of result.acknowledged)
      expect(stored.get(key)).toMatchObject({ task_id: ack.taskId, score_half: ack.score * 2 });
    expect(result.duplicatesAnswered).toBeGreaterThan(0);
    console.info(
      `[marking ${dialect}] ${result.submits} submits in ${(result.elapsedMs / 1000).toFixed(1)} s, ` +
        `${((result.submits * 1000) / result.elapsedMs).toFixed(0)}/s, p99 ${percentile(result.submitLatencies, 99).toFixed(1)} ms`,
    );
  }, 180_000);
});
