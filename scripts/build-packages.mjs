// Builds every published package with tsup, dependencies first.
import { execFileSync } from 'node:child_process';
import { inDependencyOrder, readPackages } from './workspace.mjs';

for (const { dir, pkg } of inDependencyOrder(readPackages())) {
  if (!pkg.scripts?.build) continue;
  console.log(`\n▶ build ${pkg.name}`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' });
}
