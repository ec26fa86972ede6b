// `npm run bench`: runs every benchmark in this folder one after the other and
// prints their figures. A name on the command line runs only the benchmarks
// whose file name contains it (`npm run bench -- server`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filters = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n━━━ bench/${file} ━━━`);
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--conditions=source', '--import', 'tsx', `bench/${file}`],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
