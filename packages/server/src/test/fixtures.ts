import { Writable } from 'node:stream';
import type { ApiEnvelope, RouteContract, UserInfo } from '@examkit/contracts';
import { authRoutes } from '@examkit/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createFakeClock, type FakeClock } from '../core/clock';
import { createDatabase, type Db } from '../core/database';
import { migrate } from '../core/migrations';
import { randomToken } from '../core/secrets';
import { DEMO_PASSWORD, seedDemo, type SeedResult } from '../seed/seedDemo';
import { createServer, type ServerOptions } from '../server';

export type DialectName = 'sqlite' | 'postgres';

/** The test database server; override with EXAMKIT_TEST_DATABASE_URL. */
export const POSTGRES_URL =
  process.env.EXAMKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

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

/** A database of its own: SQLite in memory, or a fresh PostgreSQL schema dropped by `drop`. */
export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  schema: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrate(db);
    return { db, dialect, schema: undefined, drop: () => db.destroy() };
  }
  const schema = `examkit_test_${randomToken(6)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({
    dialect: 'postgres',
    connectionString: POSTGRES_URL,
    schema,
    poolSize: 4,
  });
  await migrate(db, { schema });
  return {
    db,
    dialect,
    schema,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
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
  const database = await createTestDatabase(dialect);
  const seed = await seedDemo(database.db, { size: 'small' });
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
