// Checks every built published package the way a consumer would meet it:
// publint (package.json and files) and arethetypeswrong (types resolve for ESM consumers).
import { execFileSync } from 'node:child_process';
import { inDependencyOrder, readPackages } from './workspace.mjs';

let failures = 0;
for (const { dir, pkg } of inDependencyOrder(readPackages())) {
  if (pkg.private) continue;
  for (const [tool, args] of [
    ['publint', ['publint', '--strict', dir]],
    ['attw', ['attw', '--pack', dir, '--profile', 'esm-only', '--format', 'table-flipped']],
  ]) {
    try {
      execFileSync('npx', ['--no-install', ...args], { stdio: 'pipe' });
      console.log(`✓ ${tool} ${pkg.name}`);
    } catch (error) {
      failures += 1;
      console.log(`✗ ${tool} ${pkg.name}\n${error.stdout?.toString() ?? ''}${error.stderr?.toString() ?? ''}`);
    }
  }
}
process.exit(failures === 0 ? 0 : 1);
