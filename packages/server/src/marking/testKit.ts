import { randomUUID } from 'node:crypto';
import { markingRoutes, type RouteContract } from '@examkit/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, startTestServer, type DialectName, type TestServer } from '../test/fixtures';
import { createMarkingFixture } from './testing';

/** A leased paper as the marker's fetch answers it. */
export interface Leased {
  taskId: number;
  paperId: number;
  kind: string;
  leaseToken: string;
  marks: { score: number }[];
  studentName: string | null;
}

/**
 * The online-marking tests' server on one dialect (started before the enclosing `describe`'s
 * tests, closed after) with crops in a memory file store: `api`/`ok` calls, `openBlock` (a
 * started block over fixture papers), the marker's `fetch` and `submit`, `paperStates`.
 */
export function markingSuite(dialect: DialectName) {
  let server: TestServer;
  const files = createMemoryFileStore();

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
  });
  afterAll(async () => {
    await server.close();
  });

  async function api<T = unknown>(
    token: string,
    contract: RouteContract,
    body: Record<string, unknown>,
  ) {
    const result = await call<T>(server.app, contract, { token, body });
    return result.body;
  }
  async function ok<T>(
    token: string,
    contract: RouteContract,
    body: Record<string, unknown>,
  ): Promise<T> {
    const result = await api<T>(token, contract, body);
    if (result.code !== 200) throw new Error(`${contract.url}: ${result.code} ${result.msg}`);
    return result.data;
  }

  /** A started block over `students` papers with `markers` markers (user 0 is the arbitrator). */
  async function openBlock(
    options: {
      students?: number;
      markers?: number;
      mode?: 'single' | 'double' | 'triple';
      tolerance?: number;
      questions?: 1 | 2;
      distribution?: 'pool' | 'quota';
      quota?: number;
      anonymous?: boolean;
      recheckPercent?: number;
      seeds?: number;
    } = {},
  ) {
    const fx = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: options.students ?? 4,
      markers: (options.markers ?? 3) + 1,
    });
    const [arbitrator, ...markers] = fx.users;
    const questionIds = options.questions === 2 ? fx.questionIds : [fx.questionIds[0]!];
    const { blockId } = await ok<{ blockId: number }>(fx.manager.token, markingRoutes.saveBlock, {
      setup: {
        examSubjectId: fx.examSubjectId,
        name: '第13题',
        questionIds,
        mode: options.mode ?? 'double',
        tolerance: options.tolerance ?? 2,
        scoreStep: 1,
        distribution: options.distribution ?? 'pool',
        anonymous: options.anonymous ?? true,
        guide: '按步骤给分',
        answer: 'x = 2',
        recheckPercent: options.recheckPercent ?? 0,
        markers: markers.map((m) => ({ userId: m.userId, quota: options.quota ?? null })),
        arbitrators: [arbitrator!.userId],
        leaders: [],
      },
    });
    for (const id of fx.studentIds)
      await files.put(
        `crops/${fx.examSubjectId}/${blockId}/${id}.png`,
        Buffer.from([137, 80, 78, 71, id % 256]),
      );
    await ok(fx.manager.token, markingRoutes.registerPapers, {
      blockId,
      papers: [
        ...fx.studentIds.map((studentId) => ({
          studentId,
          cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
        })),
        ...fx.studentIds.slice(0, options.seeds ?? 0).map((studentId) => ({
          studentId,
          cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
          seedScore: 6,
        })),
      ],
    });
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    return { fx, blockId, arbitrator: arbitrator!, markers };
  }

  const fetch = (token: string, blockId: number, count = 3, arbitration = false) =>
    ok<{ list: Leased[] }>(token, markingRoutes.fetch, { blockId, count, arbitration }).then(
      (d) => d.list,
    );
  const submit = (token: string, task: Leased, score: number, key: string = randomUUID()) =>
    api<{ duplicate: boolean; score: number }>(token, markingRoutes.submit, {
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      score,
      idempotencyKey: key,
    });

  async function paperStates(blockId: number) {
    return server.db
      .selectFrom('marking_papers')
      .select(['id', 'student_id', 'state', 'final_score_half', 'final_source'])
      .where('block_id', '=', blockId)
      .where('is_seed', '=', 0)
      .orderBy('id')
      .execute();
  }

  return {
    get server() {
      return server;
    },
    files,
    api,
    ok,
    openBlock,
    fetch,
    submit,
    paperStates,
  };
}
