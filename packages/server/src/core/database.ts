import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** Where the data lives: a SQLite file (or `:memory:`) or a PostgreSQL database. */
export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'postgres';
      connectionString: string;
      /** Schema to work in (set as `search_path`); default the server's default. */
      schema?: string;
      /** @default 10 */
      poolSize?: number;
    };

export type Db = Kysely<DB>;

const INT8_OID = 20;

/** pg returns int8 (bigint, count(*)) as strings; every value we store fits a JS number. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Opens a Kysely instance for the config. SQLite runs in WAL mode with foreign keys on. */
export function createDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.connectionString,
      max: config.poolSize ?? 10,
      types: pgTypes,
      ...(config.schema ? { options: `-c search_path=${quoteIdent(config.schema)}` } : {}),
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
  return openSqlite(new SQLite(config.file));
}

/** Kysely on an open SQLite database (a file, or an image in memory), with the server's settings. */
export function openSqlite(sqlite: SQLite.Database): Db {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Which dialect a Kysely instance speaks. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid schema name: ${name}`);
  return name;
}

/**
 * Serialises transactions that work on the same key (e.g. one phone number).
 * PostgreSQL takes a transaction-scoped advisory lock; SQLite already runs one
 * write transaction at a time, so it needs nothing. Call inside a transaction.
 */
export async function lockKey(trx: Db, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}
