// `npm start`: builds what is needed and serves the reference app and the API on one port,
// on the embedded defaults (SQLite in .data/, files on local disk, demo school seeded on first start).
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ABILITY_GROWTH_HOST } from './ability-growth-host.mjs';

const tooOld = createRequire(import.meta.url)('./check-node.cjs').problem(process.version);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

if (!process.argv.includes('--no-build'))
  execFileSync('node', ['scripts/build-all.mjs'], { stdio: 'inherit' });

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '8080',
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  STATIC_DIR: process.env.STATIC_DIR ?? join(process.cwd(), 'examples/web/dist'),
  DATA_DIR: process.env.DATA_DIR ?? join(process.cwd(), '.data'),
  // The embedded default seeds the demo school into an empty database; the server never does in production.
  SEED_DEMO: process.env.SEED_DEMO ?? '1',
  // The CSP lets the app load the AbilityGrowth sub-application from its own host.
  ABILITY_GROWTH_HOST,
};
console.log(`\nexamkit: http://localhost:${env.PORT}  (demo accounts: see README.md)`);
const server = spawn(process.execPath, ['packages/server/dist/main.js'], { env, stdio: 'inherit' });
// Without a host of its own, the demo's 成长档案 entry opens the example sub-application, served
// beside the server on the default host's port (docs/ability-growth.md).
const subApp = process.env.ABILITY_GROWTH_HOST
  ? null
  : spawn('npm', ['run', 'preview', '--silent', '-w', '@examkit/example-ability-growth'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    subApp?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  subApp?.kill();
  process.exit(code ?? 0);
});
