import pg from 'pg';

/** The test database server; override with EXAMKIT_TEST_DATABASE_URL. */
export const POSTGRES_URL =
  process.env.EXAMKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why the test database server does not answer within two seconds, or null when it does. */
export async function probePostgres(url = POSTGRES_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
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

/** The address of `database` on the test database server at `serverUrl`. */
export function databaseUrl(database: string, serverUrl = POSTGRES_URL): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on a connection of its own (`create database …`, `drop schema …`). */
export async function queryOnce(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<Record<string, unknown>>(text, values);
  } finally {
    await client.end();
  }
}
