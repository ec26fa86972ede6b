import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { markingRoutes } from '@examkit/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../core/clock';
import { createDatabase, type Db } from '../core/database';
import { migrate } from '../core/migrations';
import { seedDemo } from '../seed/seedDemo';
import { createPostgresSchema, DIALECTS } from '../test/fixtures';
import { checkDoubleMarking, createLoadBlock, remainingPapers } from './testing';

/**
 * The server is killed (SIGKILL) mid-marking and restarted several times while markers in
 * this process keep pulling and submitting over HTTP, re-sending each unanswered submit with
 * its idempotency key as the browser queue does. Every submit that got a success answer must
 * be stored, and the database must check clean.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = join(ROOT, 'packages/server/src/main.ts');
const KILLS = 3;
const MARKERS = 6;
const PAPERS = 240;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('marking survives SIGKILL of the server on %s', (dialect) => {
  it(`${KILLS} kills and restarts: every acknowledged submit is stored, the database checks clean`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examkit-marking-fault-'));
    // PostgreSQL: an empty schema of its own that the server is told to work in.
    const own = dialect === 'postgres' ? await createPostgresSchema() : undefined;
    const schema = own?.schema;
    const open = (): Db =>
      own
        ? createDatabase({
            dialect: 'postgres',
            connectionString: own.url,
            schema: own.schema,
            poolSize: 2,
          })
        : createDatabase({ dialect: 'sqlite', file: join(dataDir, 'examkit.db') });
    let db = open();
    await migrate(db, schema ? { schema } : {});
    const seed = await seedDemo(db, { size: 'small' });
    const { blockId, markers, arbitrators } = await createLoadBlock(db, systemClock, {
      schoolId: seed.demoSchoolId,
      students: PAPERS,
      markers: MARKERS,
      arbitrators: 1,
    });
    await db.destroy();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | null = null;
    const start = async () => {
      child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          ...(own ? { DATABASE_URL: own.url, DATABASE_SCHEMA: own.schema } : { DATABASE_URL: '' }),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // a start from source (tsx) on a loaded two-core machine can take half a minute
      for (let i = 0; i < 600; i++) {
        try {
          if ((await fetch(`${base}/health`)).ok) return;
        } catch {
          // not up yet
        }
        await sleep(100);
      }
      throw new Error('server did not start');
    };
    const kill = async () => {
      const proc = child!;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    };

    const acknowledged = new Map<string, { taskId: number; score: number }>();
    const refused: string[] = [];
    const killedAfter: number[] = [];
    let stop = false;
    /** Posts until the server answers (the browser queue), same body and key every time. */
    const post = async (token: string, url: string, body: unknown) => {
      for (;;) {
        try {
          const response = await fetch(`${base}${url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          return (await response.json()) as { code: number; data: unknown; msg: string };
        } catch {
          await sleep(150);
        }
      }
    };
    const marker = async (token: string, arbitration: boolean) => {
      while (!stop) {
        const fetched = await post(token, markingRoutes.fetch.url, {
          blockId,
          count: 3,
          arbitration,
        });
        if (fetched.code !== 200) {
          refused.push(`fetch ${fetched.code} ${fetched.msg}`);
          return;
        }
        const list = (
          fetched.data as { list: { taskId: number; leaseToken: string; paperId: number }[] }
        ).list;
        if (list.length === 0) {
          await sleep(200);
          continue;
        }
        for (const task of list) {
          // Marks agree within the tolerance, except on every tenth paper (0 and 10: arbitration).
          const score =
            task.paperId % 10 === 0
              ? (task.taskId % 2) * 10
              : ((task.paperId * 7) % 9) + (task.taskId % 2);
          const body = {
            taskId: task.taskId,
            leaseToken: task.leaseToken,
            score,
            idempotencyKey: randomUUID(),
          };
          const answer = await post(token, markingRoutes.submit.url, body);
          if (answer.code === 200)
            acknowledged.set(body.idempotencyKey, { taskId: task.taskId, score });
          else refused.push(`submit ${answer.code} ${answer.msg}`);
        }
      }
    };

    try {
      await start();
      const workers = [
        ...markers.map((m) => marker(m.token, false)),
        ...arbitrators.map((a) => marker(a.token, true)),
      ];
      for (let k = 0; k < KILLS; k++) {
        await sleep(400 + Math.random() * 600);
        const before = acknowledged.size;
        await kill();
        await sleep(100);
        await start();
        killedAfter.push(before);
      }
      await sleep(1000);
      stop = true;
      await Promise.all(workers);
      await kill();
    } finally {
      if (child && (child as ChildProcess).exitCode === null)
        (child as ChildProcess).kill('SIGKILL');
    }

    db = open();
    try {
      expect(refused).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(0);
      const marks = await db
        .selectFrom('marking_marks')
        .select(['idempotency_key', 'task_id', 'score_half'])
        .where('block_id', '=', blockId)
        .execute();
      const stored = new Map(marks.map((m) => [m.idempotency_key, m]));
      const lost = [...acknowledged].filter(
        ([key, ack]) =>
          stored.get(key)?.task_id !== ack.taskId || stored.get(key)?.score_half !== ack.score * 2,
      );
      expect(lost).toEqual([]);
      expect(await checkDoubleMarking(db, blockId, { complete: false })).toEqual([]);
      if (!schema) {
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
        const { rows: fk } = await sql`pragma foreign_key_check`.execute(db);
        expect(fk).toEqual([]);
      }
      console.info(
        `[marking fault ${dialect}] killed after ${killedAfter.join(', ')} acknowledged submits; ` +
          `${acknowledged.size} acknowledged submits all stored, ` +
          `${await remainingPapers(db, blockId)} papers left`,
      );
      if (process.env.MARKING_FAULT_DEBUG)
        console.info(
          JSON.stringify(
            await db
              .selectFrom('marking_tasks')
              .select(['slot', 'state', (eb) => eb.fn.countAll().as('n')])
              .where('block_id', '=', blockId)
              .groupBy(['slot', 'state'])
              .execute(),
          ),
          JSON.stringify(
            await db
              .selectFrom('marking_papers')
              .select(['state', (eb) => eb.fn.countAll().as('n')])
              .where('block_id', '=', blockId)
              .groupBy('state')
              .execute(),
          ),
        );
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      await own?.drop();
    }
  }, 300_000);
});
