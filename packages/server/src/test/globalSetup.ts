import type { TestProject } from 'vitest/node';
import { POSTGRES_URL, probePostgres } from './postgres';
import { makeTestTemplates, type TestTemplates } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template databases (`test/templates.ts`); fixtures.ts copies them. */
    examkitTestTemplates: TestTemplates;
  }
}

/**
 * The server project's set-up, once a run: migrates and seeds the template databases that every
 * test server copies (docs/testing.md "Test databases"); drops them and their copies at the end.
 */
export default async function setup(project: TestProject) {
  // Without PostgreSQL only the SQLite images (fixtures.ts says why, and fails in CI).
  const made = await makeTestTemplates((await probePostgres()) === null ? POSTGRES_URL : null);
  project.provide('examkitTestTemplates', made.templates);
  return () => made.dispose();
}
