// Checks every built published package the way a consumer would meet it:
// publint (package.json and files), arethetypeswrong (types resolve for ESM consumers),
// and a plain Node ESM import of every entry (no bundler: catches CJS interop mistakes).
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
      console.log(
        `✗ ${tool} ${pkg.name}\n${error.stdout?.toString() ?? ''}${error.stderr?.toString() ?? ''}`,
      );
    }
  }
}

for (const { dir, pkg } of inDependencyOrder(readPackages())) {
  if (pkg.private) continue;
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || !target.default?.endsWith('.js')) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`;
    try {
      execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`],
        {
          cwd: dir,
          stdio: 'pipe',
        },
      );
      console.log(`✓ node import ${specifier}`);
    } catch (error) {
      failures += 1;
      console.log(`✗ node import ${specifier}\n${error.stderr?.toString() ?? ''}`);
    }
  }
}
process.exit(failures === 0 ? 0 : 1);
