import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusTemplate, generateSheet, type CorpusSheet } from './corpus/index';
import { createRecognizerPool, type RecognizeJob } from './index';
import type * as Recognizer from './index';

const ct = corpusTemplate();
const sheets: CorpusSheet[] = [];

beforeAll(async () => {
  for (let i = 0; i < 3; i++)
    sheets.push(
      await generateSheet(ct, 20_000 + i, { dpis: [150], formats: ['jpeg'], secondPageShare: 0 }),
    );
}, 60_000);

function jobs(): RecognizeJob[] {
  return [
    ...sheets.map((s, i) => ({
      id: `s${i}`,
      input: s.file!,
      template: ct.template,
      options: { alignedPageDpi: 0 },
    })),
    { id: 'corrupt', input: Buffer.from('garbage'), template: ct.template },
    { id: 'missing', input: '/nonexistent/scan.jpg', template: ct.template },
  ];
}

function check(
  results: Awaited<ReturnType<ReturnType<typeof createRecognizerPool>['recognize']>>,
): void {
  expect(results).toHaveLength(5);
  results.slice(0, 3).forEach((r, i) => {
    expect(r[0]!.status, JSON.stringify(r[0])).not.toBe('failed');
    expect(r[0]!.id).toBe(`s${i}`);
    const truth = sheets[i]!.truth;
    if (r[0]!.status !== 'failed' && truth.examNumberClear)
      expect(r[0]!.examNumber).toBe(truth.examNumber);
  });
  expect(results[3]![0]).toMatchObject({ status: 'failed', code: 'decode', id: 'corrupt' });
  expect(results[4]![0]).toMatchObject({ status: 'failed', code: 'decode', id: 'missing' });
}

describe('createRecognizerPool', () => {
  it('spreads jobs over worker threads from source (worker.ts through tsx) and never rejects for a bad sheet', async () => {
    const pool = createRecognizerPool({ workers: 2 });
    try {
      const seen: number[] = [];
      check(await pool.recognize(jobs(), (i) => seen.push(i)));
      expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  describe('from a build (worker.js next to index.js)', () => {
    // Inside the package, so that the build resolves sharp from node_modules like dist/ does.
    const dir = mkdtempSync(join(__dirname, '..', '.test-dist-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('starts dist/worker.js', async () => {
      // Same layout as tsup's output: index.js and worker.js side by side.
      execFileSync(
        process.execPath,
        [
          '-e',
          `require('esbuild').buildSync({ entryPoints: { index: 'src/index.ts', worker: 'src/worker.ts' }, bundle: true,
            platform: 'node', format: 'esm', outdir: ${JSON.stringify(dir)}, external: ['sharp'], splitting: true,
            outExtension: { '.js': '.js' } })`,
        ],
        { cwd: join(__dirname, '..') },
      );
      const built = (await import(pathToFileURL(join(dir, 'index.js')).href)) as typeof Recognizer;
      const pool = built.createRecognizerPool({ workers: 1 });
      try {
        check(await pool.recognize(jobs()));
      } finally {
        await pool.close();
      }
    }, 60_000);
  });
});
