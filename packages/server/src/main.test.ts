import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

describe('the CLI entry', () => {
  it('migrates, seeds an empty DATA_DIR, serves on HOST:PORT and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examkit-main-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=source',
        fileURLToPath(new URL('./main.ts', import.meta.url)),
      ],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      let reply: Response | undefined;
      for (let i = 0; i < 150 && !reply; i++) {
        reply = await fetch(`${base}/marking-login/login/school_login_pd`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'loginName=director&password=demo2026',
        }).catch(() => undefined);
        if (!reply) await new Promise((r) => setTimeout(r, 200));
      }
      expect(reply, output).toBeDefined();
      const body = (await reply?.json()) as { code: number; data: { schoolName: string } };
      expect(body.code).toBe(200);
      expect(body.data.schoolName).toBe('示范中学');
      expect(existsSync(join(dataDir, 'examkit.db'))).toBe(true);
      expect(output).toContain('seeded the demo school');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
