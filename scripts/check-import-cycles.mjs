// `npm run test:cycles`: fails when the sources of any package or example import each other in a circle.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findImportCycles } from './import-cycles.mjs';
import { readPackages } from './workspace.mjs';

let failures = 0;
for (const { dir, pkg } of [...readPackages('packages'), ...readPackages('examples')]) {
  const src = join(dir, 'src');
  if (!existsSync(src)) continue;
  const cycles = findImportCycles(src);
  for (const cycle of cycles) console.log(`✗ import circle in ${pkg.name}: ${cycle.join(' ↔ ')}`);
  if (cycles.length === 0) console.log(`✓ no import circle in ${pkg.name}`);
  failures += cycles.length;
}
process.exit(failures === 0 ? 0 : 1);
