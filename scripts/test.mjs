// `npm test`: every check — lint, types, import cycles, unit and integration tests, package
// build and checks, size budgets, browser tests — then one summary line.
// Vitest steps count their tests; every other step counts as one test.
// Lint, types and cycles only read the sources, so they run at the same time (their output is
// printed when each ends, in order); then the packages are built and measured; then the unit
// tests and the browser tests run at the same time: the browser tests mostly wait on a page or
// a server, and the unit tests use the cores they leave (docs/testing.md).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const json = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${RESULTS}/${name}.json`,
];
/** Steps in order; a step's `together` names the group it runs in at the same time as the others. */
const steps = [
  { name: 'lint', script: 'test:lint', together: 'static' },
  { name: 'types', script: 'test:types', together: 'static' },
  { name: 'cycles', script: 'test:cycles', together: 'static' },
  { name: 'build', script: 'test:build' },
  { name: 'size', script: 'test:size' },
  { name: 'unit', script: 'test:unit', args: json('unit'), together: 'tests' },
  { name: 'e2e', script: 'test:e2e', args: json('e2e'), together: 'tests' },
];
const only = process.argv.slice(2);

/**
 * Runs one step: its output straight through, or kept and printed when `buffered` (and written
 * as it comes to `.test-results/<step>.log`, to follow a long step or read an interrupted one).
 */
function runStep(step, buffered) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', step.script, '--', ...(step.args ?? [])], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    const log = buffered ? createWriteStream(`${RESULTS}/${step.name}.log`) : undefined;
    const keep = (d) => {
      chunks.push(d);
      log?.write(d);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('close', (code) => {
      log?.end();
      resolve({ step, status: code, output: Buffer.concat(chunks), started, ended: Date.now() });
    });
  });
}

let passed = 0;
let failed = 0;
const lines = [];
function record({ step, status, started, ended }) {
  const seconds = ((ended - started) / 1000).toFixed(1);
  const report = `${RESULTS}/${step.name}.json`;
  if (step.args && existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    // A runner that crashed outside any test still fails the step.
    if (status !== 0 && r.numFailedTests === 0) failed += 1;
    lines.push(
      `${step.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed (${seconds} s)`,
    );
  } else {
    if (status === 0) passed += 1;
    else failed += 1;
    lines.push(`${step.name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  }
}

const chosen = steps.filter((step) => !only.length || only.includes(step.name));
for (let i = 0; i < chosen.length;) {
  const step = chosen[i];
  // a step alone, or the run of consecutive steps of one `together` group
  let n = 1;
  while (step.together && chosen[i + n]?.together === step.together) n++;
  const batch = chosen.slice(i, i + n);
  i += n;
  if (batch.length === 1) {
    console.log(`\n━━━ ${step.name} ━━━`);
    record(await runStep(step, false));
    continue;
  }
  console.log(`\n━━━ ${batch.map((s) => s.name).join(' + ')} (at the same time) ━━━`);
  const results = await Promise.all(batch.map((s) => runStep(s, true)));
  for (const result of results) {
    console.log(`\n━━━ ${result.step.name} ━━━`);
    process.stdout.write(result.output);
    record(result);
  }
}
console.log(`\n${lines.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
