import { resolve } from 'node:path';
import { aiConfigFromEnv, type AiProviderConfig } from '../ai/provider';
import type { WxOAuthOptions } from '../auth/wx';
import type { DatabaseConfig } from './database';
import { s3ConfigFromEnv, type S3Config } from './s3Files';
import { DEFAULT_SESSION_TIMEOUTS, type SessionTimeouts } from './session';

/** Settings read from the environment by the CLI. */
export interface EnvConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  staticDir: string | undefined;
  corsOrigins: string[];
  /** ABILITY_GROWTH_HOST: where the AbilityGrowth sub-application is served from (allowed by the CSP). */
  abilityGrowthHost: string | undefined;
  nodeEnv: string;
  logLevel: string;
  secret: string | undefined;
  wx: WxOAuthOptions | undefined;
  session: SessionTimeouts;
  /** Failed sign-in calls (and code sends) per client address per minute. */
  addressLimit: number;
  trustProxy: boolean;
  /** S3-compatible storage for scans and crops (S3_BUCKET, S3_ENDPOINT, …); local disk when unset. */
  s3: S3Config | undefined;
  /** SEED_DEMO=1: seed the demo schools into an empty database (never when NODE_ENV=production). */
  seedDemo: boolean;
  /** The AI model (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_MAX_RETRIES, AI_STREAM); off when unset. */
  ai: AiProviderConfig | undefined;
  /**
   * JOINT_DUCKDB_MIN_STUDENTS: from this many students of a joint exam's finished schools on, its
   * snapshot's grade figures are computed in DuckDB and kept as rows (docs/joint-exams.md#snapshots);
   * 0 = always.
   */
  jointDuckMinStudents: number;
}

/** JOINT_DUCKDB_MIN_STUDENTS' default. */
export const DEFAULT_JOINT_DUCKDB_MIN_STUDENTS = 50_000;

/**
 * Reads PORT (8080), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL (PostgreSQL
 * instead of SQLite), DATABASE_SCHEMA, STATIC_DIR, CORS_ORIGINS (comma list),
 * NODE_ENV, SEED_DEMO (1: seed an empty database with the demo schools, not in production), LOG_LEVEL, EXAMKIT_SECRET, WX_APPID, WX_SECRET, WX_API_BASE,
 * SESSION_IDLE_MINUTES (30), SESSION_MAX_HOURS (12), SIGNIN_LIMIT_PER_MINUTE (30),
 * TRUST_PROXY, S3_BUCKET (S3-compatible storage instead of DATA_DIR/files, with S3_ENDPOINT,
 * S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX). The scan
 * queue reads REDIS_URL (BullMQ), SCAN_WORKERS and SCAN_CONCURRENCY itself. The AI assistant
 * reads AI_BASE_URL, AI_API_KEY, AI_MODEL (docs/ai.md). JOINT_DUCKDB_MIN_STUDENTS (50000; 0 = always)
 * sends a joint exam's snapshot to DuckDB (docs/joint-exams.md#snapshots).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): EnvConfig {
  const dataDir = resolve(cwd, env.DATA_DIR || '.data');
  const database: DatabaseConfig = env.DATABASE_URL
    ? {
        dialect: 'postgres',
        connectionString: env.DATABASE_URL,
        ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
      }
    : { dialect: 'sqlite', file: resolve(dataDir, 'examkit.db') };
  const nodeEnv = env.NODE_ENV || 'production';
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir,
    database,
    staticDir: env.STATIC_DIR ? resolve(cwd, env.STATIC_DIR) : undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    abilityGrowthHost: env.ABILITY_GROWTH_HOST || undefined,
    nodeEnv,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'development' ? 'debug' : 'info'),
    secret: env.EXAMKIT_SECRET || undefined,
    wx:
      env.WX_APPID && env.WX_SECRET
        ? {
            appId: env.WX_APPID,
            secret: env.WX_SECRET,
            ...(env.WX_API_BASE ? { baseUrl: env.WX_API_BASE } : {}),
          }
        : undefined,
    session: {
      idleMs:
        positiveInt(
          env.SESSION_IDLE_MINUTES,
          DEFAULT_SESSION_TIMEOUTS.idleMs / 60_000,
          'SESSION_IDLE_MINUTES',
        ) * 60_000,
      absoluteMs:
        positiveInt(
          env.SESSION_MAX_HOURS,
          DEFAULT_SESSION_TIMEOUTS.absoluteMs / 3_600_000,
          'SESSION_MAX_HOURS',
        ) * 3_600_000,
    },
    addressLimit: positiveInt(env.SIGNIN_LIMIT_PER_MINUTE, 30, 'SIGNIN_LIMIT_PER_MINUTE'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    s3: s3ConfigFromEnv(env),
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    ai: aiConfigFromEnv(env),
    jointDuckMinStudents: nonNegativeInt(
      env.JOINT_DUCKDB_MIN_STUDENTS,
      DEFAULT_JOINT_DUCKDB_MIN_STUDENTS,
      'JOINT_DUCKDB_MIN_STUDENTS',
    ),
  };
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function nonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of 0 or more, got "${raw}"`);
  return value;
}
