import { defineProject } from 'vitest/config';

/**
 * The vitest project of one package: sources resolved through the `source` condition, named after
 * the package, in Node (with room for a database per test) or in jsdom (with the shared DOM set-up).
 */
export function packageProject(name: string, environment: 'node' | 'jsdom') {
  return defineProject({
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      environment,
      // Two test files at a time (a project does not take the root's setting; every project of
      // the run must say the same): see vitest.workspace.ts.
      maxWorkers: 2,
      // Node projects include the server's tests, which start a server on SQLite or PostgreSQL and
      // migrate it inside a test or hook: seconds on a busy CI machine, not a speed claim.
      ...(environment === 'node' ? { testTimeout: 30_000, hookTimeout: 60_000 } : {}),
      // Page tests click through several screens; on a loaded two-core CI machine one took just
      // over Vitest's default 5 s (560 ms alone), so they get 20 s: a hang still fails, a busy
      // machine does not.
      ...(environment === 'jsdom'
        ? { setupFiles: ['../../scripts/vitest-setup-dom.ts'], testTimeout: 20_000 }
        : {}),
    },
  });
}
