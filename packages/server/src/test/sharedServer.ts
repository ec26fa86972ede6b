import { afterAll, beforeAll } from 'vitest';
import type { ServerOptions } from '../server';
import { startTestServer, type DialectName, type TestServer } from './fixtures';

/**
 * One test server for the tests of a describe block: started before them (before the block's own
 * `beforeAll`, which may use it), closed after them. The answer is filled when the server starts,
 * so read its fields inside hooks and tests, not where the block is declared.
 */
export function sharedTestServer(
  dialect: DialectName,
  overrides: Partial<Omit<ServerOptions, 'database'>> = {},
): TestServer {
  const server = {} as TestServer;
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(dialect, overrides);
    Object.assign(server, started);
  });
  afterAll(() => started?.close());
  return server;
}
