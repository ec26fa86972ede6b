// `npm test`: every check in order — lint, types, unit and integration tests, package
// build and checks, size budgets, browser tests — then one summary line.
// Vitest steps count their tests; every other step counts as one test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const json = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${RESULTS}/${name}.json`,
];
const steps = [
  { name: 'lint', script: 'test:lint' },
  { name: 'types', script: 'test:types' },
  { name: 'cycles', script: 'test:cycles' },
  { name: 'unit', script: 'test:unit', args: json('unit') },
  { name: 'build', script: 'test:build' },
  { name: 'size', script: 'test:size' },
  { name: 'e2e', script: 'test:e2e', args: json('e2e') },
];
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const lines = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n━━━ ${step.name} ━━━`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', step.script, '--', ...(step.args ?? [])], {
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const report = `${RESULTS}/${step.name}.json`;
  if (step.args && existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    // A runner that crashed outside any test still fails the step.
    if (run.status !== 0 && r.numFailedTests === 0) failed += 1;
    lines.push(
      `${step.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed (${seconds} s)`,
    );
  } else {
    if (run.status === 0) passed += 1;
    else failed += 1;
    lines.push(`${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  }
}
console.log(`\n${lines.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
