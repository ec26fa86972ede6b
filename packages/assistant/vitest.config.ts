import { defineProject } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: pkg.name,
    environment: 'jsdom',
    setupFiles: ['../../scripts/vitest-setup-dom.ts'],
  },
});
