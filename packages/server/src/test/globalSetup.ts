import type { TestProject } from 'vitest/node';
import { makeTestTemplates, type TestTemplates } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template databases (`test/templates.ts`); fixtures.ts copies them. */
    examkitTestTemplates: TestTemplates;
  }
}

/** The test database server; override with EXAMKIT_TEST_DATABASE_URL (as fixtures.ts). */
const POSTGRES_URL =
  process.env.EXAMKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    // fixtures.ts says why, and fails in CI
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server project's set-up, once a run: migrates and seeds the template databases that every
 * test server copies (docs/testing.md "Test databases"); drops them and their copies at the end.
 */
export default async function setup(project: TestProject) {
  const made = await makeTestTemplates((await reachable(POSTGRES_URL)) ? POSTGRES_URL : null);
  project.provide('examkitTestTemplates', made.templates);
  return () => made.dispose();
}
