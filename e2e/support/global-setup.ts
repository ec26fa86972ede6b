import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Browser tests run against built output. `npm test` builds before this step;
 * a lone `npm run test:e2e` builds here when the output is missing.
 */
export default function setup(): void {
  const outputs = [
    'packages/server/dist/main.js',
    'examples/web/dist/index.html',
    'examples/partner-portal/dist/index.html',
    'examples/gallery/dist/index.html',
    'examples/ability-growth/dist/index.html',
  ];
  if (!outputs.every((file) => existsSync(file))) {
    execFileSync('node', ['scripts/build-all.mjs'], { stdio: 'inherit' });
  }
}
