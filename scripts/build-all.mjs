// Builds the packages, then the example apps (what `npm start` and the browser tests serve).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

execFileSync('node', ['scripts/build-packages.mjs'], { stdio: 'inherit' });
for (const app of ['examples/web', 'examples/partner-portal', 'examples/gallery']) {
  if (!existsSync(`${app}/package.json`)) continue;
  console.log(`\n▶ build ${app}`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: app, stdio: 'inherit' });
}
