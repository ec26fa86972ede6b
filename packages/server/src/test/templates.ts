import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase, openSqlite, type Db } from '../core/database';
import { migrate } from '../core/migrations';
import { randomToken } from '../core/secrets';
import { seedDemo, type SeedResult } from '../seed/seedDemo';
import { databaseUrl, queryOnce } from './postgres';

/**
 * The databases a test run copies instead of migrating and seeding for every test server
 * (docs/testing.md "Test databases"): made once by the server project's global set-up.
 */
export interface TestTemplates {
  /** SQLite images (`serialize()`d files): migrated, and migrated with the small demo seeded. */
  sqlite: { migrated: string; seeded: string; seed: SeedResult };
  /** PostgreSQL databases to `create database … template` from; absent without PostgreSQL. */
  postgres?: { migrated: string; seeded: string; seed: SeedResult; prefix: string };
}

/** Copies of a template are named `<prefix><token>`; the prefix carries the run's start time. */
const COPY_PREFIX = 'examkit_s_';
const TEMPLATE_PREFIX = 'examkit_tmpl_';
/** Databases an interrupted run left behind are dropped by a run this much later. */
const STALE_MS = 6 * 3_600_000;

async function migratedAndSeeded(db: Db, seeded: boolean): Promise<SeedResult | null> {
  await migrate(db);
  return seeded ? seedDemo(db, { size: 'small' }) : null;
}

async function sqliteImage(seeded: boolean) {
  const sqlite = new SQLite(':memory:');
  const db = openSqlite(sqlite);
  try {
    const seed = await migratedAndSeeded(db, seeded);
    return { image: sqlite.serialize(), seed };
  } finally {
    await db.destroy();
  }
}

/** Databases of runs that started more than `STALE_MS` ago and never dropped them. */
async function dropStale(serverUrl: string, now: number): Promise<void> {
  const { rows } = await queryOnce(
    serverUrl,
    `select datname from pg_database where datname like 'examkit\\_s\\_%' or datname like 'examkit\\_tmpl\\_%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    const started = Number(/^examkit_(?:s|tmpl)_(\d+)_/.exec(datname)?.[1]);
    if (Number.isFinite(started) && now - started > STALE_MS)
      await queryOnce(serverUrl, `drop database if exists ${datname} with (force)`);
  }
}

/** Makes the run's templates in `dir` and, when `serverUrl` answers, on PostgreSQL. */
export async function makeTestTemplates(serverUrl: string | null): Promise<{
  templates: TestTemplates;
  dispose(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'examkit-test-'));
  const migrated = await sqliteImage(false);
  const seeded = await sqliteImage(true);
  const files = { migrated: join(dir, 'migrated.db'), seeded: join(dir, 'seeded.db') };
  await writeFile(files.migrated, migrated.image);
  await writeFile(files.seeded, seeded.image);
  const templates: TestTemplates = { sqlite: { ...files, seed: seeded.seed! } };
  let run = '';
  if (serverUrl) {
    const started = Date.now();
    await dropStale(serverUrl, started);
    run = `${started}_${randomToken(4)}`;
    const names = { migrated: `${TEMPLATE_PREFIX}${run}_m`, seeded: `${TEMPLATE_PREFIX}${run}_s` };
    let seed: SeedResult | null = null;
    for (const [kind, name] of Object.entries(names)) {
      await queryOnce(serverUrl, `create database ${name} template template0`);
      const db = createDatabase({
        dialect: 'postgres',
        connectionString: databaseUrl(name, serverUrl),
      });
      try {
        seed = (await migratedAndSeeded(db, kind === 'seeded')) ?? seed;
      } finally {
        await db.destroy();
      }
    }
    templates.postgres = { ...names, seed: seed!, prefix: `${COPY_PREFIX}${run}_` };
  }
  return {
    templates,
    async dispose() {
      await rm(dir, { recursive: true, force: true });
      if (!serverUrl || !run) return;
      const { rows } = await queryOnce(
        serverUrl,
        `select datname from pg_database where datname like $1 or datname like $2`,
        [`${COPY_PREFIX}${run}\\_%`, `${TEMPLATE_PREFIX}${run}\\_%`],
      );
      // A few at a time: each drop waits for a checkpoint, which concurrent drops share.
      const names = (rows as { datname: string }[]).map((r) => r.datname);
      for (let i = 0; i < names.length; i += 8)
        await Promise.all(
          names
            .slice(i, i + 8)
            .map((name) => queryOnce(serverUrl, `drop database if exists ${name} with (force)`)),
        );
    },
  };
}

/**
 * The address of a PostgreSQL database of its own, copied from a template of the run. Copies are
 * dropped when the run ends: dropping a database forces a checkpoint, seconds on a busy machine
 * in the middle of a run.
 */
export async function copyPostgresTemplate(
  serverUrl: string,
  template: string,
  prefix: string,
): Promise<string> {
  const name = `${prefix}${randomToken(6)}`;
  await queryOnce(serverUrl, `create database ${name} template ${template}`);
  return databaseUrl(name, serverUrl);
}
