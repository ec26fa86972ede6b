import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Browser tests run against built output. `npm test` builds before this step;
 * a lone `npm run test:e2e` builds here when the output is missing.
 */
export default function setup(): void {
  if (!existsSync('packages/server/dist/main.js') || !existsSync('examples/web/dist/index.html')) {
    execFileSync('node', ['scripts/build-all.mjs'], { stdio: 'inherit' });
  }
}
