import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import type { ApiEnvelope, DataOf, RouteContract, UserInfo } from '@examkit/contracts';
import { authRoutes } from '@examkit/contracts';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { createFakeClock, type FakeClock } from '../core/clock';
import { createDatabase, openSqlite, type Db } from '../core/database';
import { migrate } from '../core/migrations';
import { randomToken } from '../core/secrets';
import { DEMO_PASSWORD, seedDemo, type SeedResult } from '../seed/seedDemo';
import { createServer, type ServerOptions } from '../server';
import { databaseUrl, POSTGRES_URL, probePostgres, queryOnce } from './postgres';
import { copyPostgresTemplate, type TestTemplates } from './templates';

export { POSTGRES_URL };

export type DialectName = 'sqlite' | 'postgres';

const postgresProblem = await probePostgres();
if (postgresProblem !== null) {
  if (process.env.CI)
    throw new Error(
      `PostgreSQL is required in CI but unreachable at ${POSTGRES_URL}: ${postgresProblem}`,
    );
  console.warn(
    `[examkit tests] PostgreSQL cases left out: ${POSTGRES_URL} unreachable (${postgresProblem})`,
  );
}

/** The dialects server tests run against: SQLite always, PostgreSQL when reachable. */
export const DIALECTS: DialectName[] =
  postgresProblem === null ? ['sqlite', 'postgres'] : ['sqlite'];

/** 2026-11-21 09:00 in China: academic year 2026. */
export const TEST_NOW = new Date('2026-11-21T01:00:00Z');

/**
 * A database of its own: SQLite in memory (a copy of the migrated image), or on PostgreSQL a copy
 * of the run's template database (without the templates, a fresh schema in this process's
 * database, `postgresTestDatabase`, migrated), dropped by `drop`.
 */
export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  schema: string | undefined;
  drop(): Promise<void>;
}

/** The run's templates from the server project's global set-up, if this run has them. */
function runTemplates(): TestTemplates | undefined {
  return inject('examkitTestTemplates');
}

/** The SQLite images of a migrated database, read (or made) once per test file's module graph. */
const sqliteImages = new Map<'migrated' | 'seeded', Promise<Buffer>>();

function sqliteImage(kind: 'migrated' | 'seeded'): Promise<Buffer> {
  let image = sqliteImages.get(kind);
  if (!image) {
    const file = runTemplates()?.sqlite[kind];
    image = file
      ? readFile(file)
      : (async () => {
          // No global set-up (a file run by another config): migrate here.
          const sqlite = new SQLite(':memory:');
          const db = openSqlite(sqlite);
          try {
            await migrate(db);
            return sqlite.serialize();
          } finally {
            await db.destroy();
          }
        })();
    sqliteImages.set(kind, image);
  }
  return image;
}

/**
 * A database of its own, migrated; `seeded` with the small demo when the run's templates hold it
 * (then `seed` says so), else the caller seeds.
 */
async function ownDatabase(
  dialect: DialectName,
  seeded: boolean,
): Promise<TestDatabase & { seed?: SeedResult }> {
  const templates = runTemplates();
  if (dialect === 'sqlite') {
    // A copy of the image: the tables a fresh `migrate` makes, without running it.
    const kind = seeded && templates ? 'seeded' : 'migrated';
    const db = openSqlite(new SQLite(await sqliteImage(kind)));
    const seed = kind === 'seeded' ? templates?.sqlite.seed : undefined;
    return { db, dialect, schema: undefined, drop: () => db.destroy(), ...(seed && { seed }) };
  }
  const pgTemplates = templates?.postgres;
  if (pgTemplates) {
    // A copy of the run's template database; the copies are dropped when the run ends.
    const template = seeded ? pgTemplates.seeded : pgTemplates.migrated;
    const url = await copyPostgresTemplate(POSTGRES_URL, template, pgTemplates.prefix);
    const db = createDatabase({ dialect: 'postgres', connectionString: url, poolSize: 4 });
    return {
      db,
      dialect,
      schema: undefined,
      drop: () => db.destroy(),
      ...(seeded && { seed: pgTemplates.seed }),
    };
  }
  const { url, schema, drop } = await createPostgresSchema();
  const db = createDatabase({ dialect: 'postgres', connectionString: url, schema, poolSize: 4 });
  await migrate(db, { schema });
  return {
    db,
    dialect,
    schema,
    drop: async () => {
      await db.destroy();
      await drop();
    },
  };
}

/** A migrated database of its own (SQLite in memory, or PostgreSQL), dropped by `drop`. */
export function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return ownDatabase(dialect, false);
}

/** An empty PostgreSQL schema of a test's own: the database's address, and `drop`. */
export interface PostgresTestSchema {
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/** An empty schema in this process's test database (`postgresTestDatabase`), for its own migrations. */
export async function createPostgresSchema(): Promise<PostgresTestSchema> {
  const url = await postgresTestDatabase();
  const schema = `examkit_test_${randomToken(6)}`;
  await queryOnce(url, `create schema ${schema}`);
  return {
    url,
    schema,
    drop: async () => {
      await queryOnce(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

/**
 * A database of `dialect` of its own migrated up to the migration `to` (a test of a later
 * migration's data step); `migrateRest` runs the remaining ones, `drop` ends it.
 */
export async function databaseMigratedTo(
  dialect: DialectName,
  to: string,
): Promise<{ db: Db; migrateRest: () => Promise<void>; drop: () => Promise<void> }> {
  let db: Db;
  let drop: () => Promise<void>;
  let schema: string | undefined;
  if (dialect === 'sqlite') {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    drop = () => db.destroy();
  } else {
    const own = await createPostgresSchema();
    schema = own.schema;
    db = createDatabase({ dialect: 'postgres', connectionString: own.url, schema });
    drop = async () => {
      await db.destroy();
      await own.drop();
    };
  }
  await migrate(db, { ...(schema ? { schema } : {}), to });
  return { db, drop, migrateRest: () => migrate(db, schema ? { schema } : {}) };
}

/** Advisory-lock namespace of the test database slots. */
const SLOT_LOCKS = 0x6578_6b74; // "exkt"
const SLOTS = 64;

/** Kept on the process, not the module: a worker that runs several files claims one slot. */
const claimed = globalThis as typeof globalThis & { examkitTestDatabase?: Promise<string> };

/**
 * The address of this process's PostgreSQL test database `examkit_w_<slot>`, where its tests'
 * schemas live. Kysely's migrator reads the tables of every schema of its database, so two test
 * processes migrating and dropping schemas in one database break each other's migrations; each
 * process therefore claims a slot of its own (a session advisory lock, held until the process
 * ends, so two processes never share one — whichever worktree or run they belong to). The
 * databases stay for the next processes (creating and dropping a database costs seconds of disk
 * syncs); the claimant drops schemas a killed process left behind.
 */
export function postgresTestDatabase(): Promise<string> {
  claimed.examkitTestDatabase ??= (async () => {
    const holder = new pg.Client({ connectionString: POSTGRES_URL });
    await holder.connect();
    // The lock lives as long as this connection, which must not keep the process alive.
    (holder as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
    holder.on('error', () => undefined);
    for (let slot = 1; slot <= SLOTS; slot++) {
      const { rows } = await holder.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1, $2) as ok',
        [SLOT_LOCKS, slot],
      );
      if (!rows[0]?.ok) continue;
      const name = `examkit_w_${slot}`;
      const { rowCount } = await holder.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (rowCount === 0) await holder.query(`create database ${name} template template0`);
      const url = databaseUrl(name);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const left = await client.query<{ nspname: string }>(
          `select nspname from pg_namespace where nspname like 'examkit\\_%'`,
        );
        for (const { nspname } of left.rows) await client.query(`drop schema ${nspname} cascade`);
      } finally {
        await client.end();
      }
      return url;
    }
    throw new Error(`every one of the ${SLOTS} PostgreSQL test database slots is in use`);
  })();
  return claimed.examkitTestDatabase;
}

/** A server on a fresh, seeded (small) database, with a fake clock and captured logs. */
export interface TestServer {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  seed: SeedResult;
  /** Every log line the server wrote. */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestServer(
  dialect: DialectName,
  overrides: Partial<Omit<ServerOptions, 'database'>> = {},
): Promise<TestServer> {
  const database = await ownDatabase(dialect, true);
  const seed = database.seed ?? (await seedDemo(database.db, { size: 'small' }));
  const clock = createFakeClock(TEST_NOW);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await createServer({
    database: database.schema ? { db: database.db, schema: database.schema } : { db: database.db },
    clock,
    logger: { level: 'trace', stream },
    secret: 'test-secret',
    nodeEnv: 'test',
    // Most tests sign in often from one address; the limit tests set their own.
    rateLimit: { addressLimit: 10_000 },
    // The test database is already migrated (a copy of the migrated template or image).
    migrate: false,
    ...overrides,
  });
  return {
    app,
    db: database.db,
    clock,
    seed,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export interface CallOptions {
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
  token?: string;
  schoolId?: number | string;
  /** Send the body as JSON even where the contract says form. */
  asJson?: boolean;
  remoteAddress?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
}

/** Calls a contract route the way the SDK does: its URL, encoding and headers. */
export async function call<T = unknown>(
  app: FastifyInstance,
  contract: RouteContract,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.token = options.token;
  if (options.schoolId !== undefined) headers.schoolId = String(options.schoolId);
  let payload: string | undefined;
  if (options.body !== undefined) {
    if (contract.encoding === 'form' && !options.asJson) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(
        Object.entries(options.body).map(([k, v]) => [k, String(v)] as [string, string]),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
  }
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)] as [string, string]))}`
    : '';
  const response = await app.inject({
    method: contract.method,
    url: `${contract.url}${query}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json() as ApiEnvelope<T> };
}

/** Password sign-in that must succeed; returns the UserInfo. */
export async function signIn(
  app: FastifyInstance,
  loginName: string,
  options: { password?: string; schoolId?: number } = {},
): Promise<UserInfo> {
  const body: Record<string, unknown> = { loginName, password: options.password ?? DEMO_PASSWORD };
  if (options.schoolId !== undefined) body.schoolId = options.schoolId;
  const result = await call<UserInfo>(app, authRoutes.loginPassword, { body });
  if (result.body.code !== 200)
    throw new Error(`sign-in of ${loginName} failed: ${JSON.stringify(result.body)}`);
  return result.body.data;
}

/**
 * Calls as signed-in users (their token and school) to the server `server()` answers when called:
 * `as` gives the whole response, `answer` its envelope, `ok` the data (any other code throws).
 */
export function userCalls(server: () => TestServer) {
  type Caller = Pick<UserInfo, 'token' | 'schoolId'>;
  const as = <T>(user: Caller, contract: RouteContract, body: Record<string, unknown>) =>
    call<T>(server().app, contract, { token: user.token, schoolId: user.schoolId, body });
  const answer = async <T>(user: Caller, contract: RouteContract, body: Record<string, unknown>) =>
    (await as<T>(user, contract, body)).body;
  const ok = async <T>(user: Caller, contract: RouteContract, body: Record<string, unknown>) => {
    const result = await answer<T>(user, contract, body);
    if (result.code !== 200) throw new Error(JSON.stringify(result));
    return result.data;
  };
  return { as, answer, ok };
}

/**
 * Calls by sign-in name, each with its token in `tokens` (filled when the server starts, as
 * `signInAll` does), to the server `server()` answers when called: `answer` gives the envelope,
 * `ok` the contract's data (any other code throws).
 */
export function namedCalls(server: () => TestServer, tokens: Record<string, string>) {
  async function answer(who: string, contract: RouteContract, body: object) {
    return (
      await call<unknown>(server().app, contract, {
        token: tokens[who]!,
        body: body as Record<string, unknown>,
      })
    ).body;
  }
  async function ok<C extends RouteContract>(who: string, contract: C, body: object) {
    const res = await answer(who, contract, body);
    if (res.code !== 200) throw new Error(`${contract.url} as ${who}: ${JSON.stringify(res)}`);
    return res.data as DataOf<C>;
  }
  async function signInAll(...who: string[]) {
    for (const name of who) tokens[name] = (await signIn(server().app, name)).token;
  }
  return { answer, ok, signInAll };
}

/** The id of a user by login name in a school. */
export async function userIdOf(db: Db, schoolId: number, loginName: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('login_name', '=', loginName)
    .executeTakeFirstOrThrow();
  return row.id;
}
