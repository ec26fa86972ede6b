import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Starting the built server, apart from `server.ts` so that the global set-up (outside the test
// workers, where `vitest`'s `inject` is not available) can seed the run's data folder with it.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Spawns the built server on a data folder and waits until it answers. */
export async function launch(
  dataDir: string,
  env: Record<string, string>,
  startMs = 60_000,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(process.cwd(), 'examples/web/dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A busy shared machine seeds the demo slowly: E2E_SERVER_START_MS gives it longer.
  const deadline = Date.now() + Math.max(startMs, Number(process.env.E2E_SERVER_START_MS ?? 0));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child };
}

export async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/**
 * Seeds the demo school once: starts the built server on a fresh data folder with SEED_DEMO=1,
 * stops it, and returns the folder (its SQLite file, stored files and secret). The global set-up
 * calls this once per run; every `startServer` starts on a copy of it.
 */
export async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'examkit-e2e-seeded-'));
  try {
    // The first start seeds the demo school as `npm start` does: it gets the time of the
    // seeding every file's `beforeAll` used to spend (its hook timeout), not just a start's.
    const { child } = await launch(dataDir, {}, 180_000);
    await halt(child);
    return dataDir;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
