import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { precompressStatic } from './core/staticFiles';

/** `node dist/precompress-cli.js <dir>…`: writes the .br and .gz copies of built static files. */
async function run() {
  for (const dir of process.argv.slice(2)) {
    if (!existsSync(dir)) continue;
    const written = await precompressStatic(resolve(dir));
    console.info(`examkit: ${dir}: ${written} compressed copies written`);
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
