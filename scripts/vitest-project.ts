import { defineProject } from 'vitest/config';

/**
 * The vitest project of one package: sources resolved through the `source` condition, named after
 * the package, in Node or in jsdom (with the shared DOM set-up).
 */
export function packageProject(name: string, environment: 'node' | 'jsdom') {
  return defineProject({
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      environment,
      ...(environment === 'jsdom' ? { setupFiles: ['../../scripts/vitest-setup-dom.ts'] } : {}),
    },
  });
}
