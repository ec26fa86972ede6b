import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPostgresSchema, DIALECTS } from './test/fixtures';

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

/**
 * Asks `probe` until it answers, the server process exits or `STARTUP_MS` pass. A cold start
 * compiles the whole server through tsx, which takes over a minute on a loaded machine; a fixed
 * 30-second wait then sent SIGTERM before the server had installed its handler (exit code null),
 * hiding the real result.
 */
const STARTUP_MS = 150_000;
async function untilAnswered<T>(
  child: ReturnType<typeof spawn>,
  probe: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + STARTUP_MS;
  while (!exited && Date.now() < deadline) {
    const reply = await probe();
    if (reply !== undefined) return reply;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/** Runs a CLI entry of this folder through tsx with `args`, `input` on stdin; its exit code and output. */
const runCli = (
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
): Promise<{ code: number | null; out: string }> =>
  new Promise((resolve) => {
    const cli = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=source',
        fileURLToPath(new URL(file, import.meta.url)),
        ...args,
      ],
      { env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
    cli.stderr.on('data', (d: Buffer) => (out += d.toString()));
    cli.stdin.end(input);
    cli.on('exit', (code) => resolve({ code, out }));
  });

describe('the CLI entry', () => {
  it('migrates, seeds an empty DATA_DIR when SEED_DEMO=1, serves on HOST:PORT and stops on SIGTERM', async () => {
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
          SEED_DEMO: '1',
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
      const reply = await untilAnswered(child, () =>
        fetch(`${base}/marking-login/login/school_login_pd`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'loginName=director&password=demo2026',
        }).catch(() => undefined),
      );
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
  }, 240_000);
  it.each(DIALECTS)(
    'in production on %s seeds nothing, even when asked, and says how to create the first administrator; the command creates one who signs in',
    async (dialect) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'examkit-prod-'));
      const port = await freePort();
      // PostgreSQL: an empty schema of its own that the server is told to work in.
      const own = dialect === 'postgres' ? await createPostgresSchema() : undefined;
      const env = {
        ...process.env,
        ...(own ? { DATABASE_URL: own.url, DATABASE_SCHEMA: own.schema } : {}),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      };
      const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', entry('./main.ts')],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const base = `http://127.0.0.1:${port}`;
      const signIn = (loginName: string, password: string) =>
        fetch(`${base}/marking-login/login/school_login_pd`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ loginName, password }).toString(),
        })
          .then(
            (r) => r.json() as Promise<{ code: number; msg: string; data: { schoolName: string } }>,
          )
          .catch(() => undefined);
      try {
        const reply = await untilAnswered(child, () => signIn('admin', 'demo2026'));
        expect(reply?.msg, output).toBe('账号或密码错误');
        expect(await signIn('director', 'demo2026')).toMatchObject({ code: 400 });
        expect(output).toContain('npm run create-admin -w @examkit/server');
        expect(output).not.toContain('seeded the demo school');

        const created = await runCli(
          './create-admin-cli.ts',
          ['--school', '第一中学', '--login', 'principal'],
          env,
          'Start2026\n',
        );
        expect(created.code, created.out).toBe(0);
        expect(created.out).toContain('已创建学校「第一中学」');
        expect(created.out).not.toContain('Start2026');
        const ok = await signIn('principal', 'Start2026');
        expect(ok).toMatchObject({ code: 200, data: { schoolName: '第一中学' } });

        // --operator: a platform operator in no school, signing in on the same call (6004).
        const operator = await runCli(
          './create-admin-cli.ts',
          ['--operator', '--login', 'ops'],
          env,
          'Ops2026x\n',
        );
        expect(operator.code, operator.out).toBe(0);
        expect(operator.out).toContain('已创建平台运营账号 ops');
        expect(await signIn('ops', 'Ops2026x')).toMatchObject({
          code: 6004,
          data: { nickName: '平台运营' },
        });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        rmSync(dataDir, { recursive: true, force: true });
        await own?.drop();
      }
    },
    300_000,
  );
  it('npm run seed refuses the demo accounts under NODE_ENV=production', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'examkit-seed-'));
    try {
      const result = await runCli('./seed-cli.ts', ['--small'], {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
      });
      expect(result.code).toBe(1);
      expect(result.out).toContain('不在生产环境中创建示范账号');
      expect(existsSync(join(dataDir, 'examkit.db'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
