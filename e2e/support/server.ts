import { type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { halt, launch } from './launch';

export { freePort } from './launch';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder seeded once per run by the global set-up (support/global-setup.ts). */
    e2eSeededDataDir?: string;
  }
}

/**
 * Starts the built server the way `npm start` does (dist entry, embedded SQLite in a fresh data
 * folder, the built reference app as static files) on a copy of the demo data the global set-up
 * seeded once for the run; without that copy (a file run outside this config) it seeds the demo
 * school on its first start, as `npm start` does. Each file's server has a database of its own.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'examkit-e2e-'));
  const seeded = inject('e2eSeededDataDir');
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  let child: ChildProcess;
  let url: string;
  try {
    ({ url, child } = await launch(dataDir, env));
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    async stop() {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
