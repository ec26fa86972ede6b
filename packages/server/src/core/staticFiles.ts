import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing; source maps are left out (no user loads them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|ttf|otf|ico)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/** A build's hashed asset: `assets/<name>-<hash>.<ext>` (Vite's naming), safe to cache for ever. */
const HASHED = /^assets\/(?:.+\/)?[^/]+[-.][A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/** The Cache-Control of a file under the static root, by its path relative to the root. */
export function cacheControlFor(path: string): string {
  const plain = path
    .split(sep)
    .join('/')
    .replace(/\.(?:br|gz)$/, '');
  return HASHED.test(plain) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function isFresh(copy: string, sourceTime: number): Promise<boolean> {
  try {
    return (await stat(copy)).mtimeMs >= sourceTime;
  } catch {
    return false;
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every
 * compressible file of at least 1 KiB under `root`, skipping copies newer than their source:
 * run at build time (`precompress-cli`) and again, cheaply, when the server starts.
 * Answers how many copies it wrote.
 */
export async function precompressStatic(root: string): Promise<number> {
  let written = 0;
  for await (const path of walk(root)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const info = await stat(path);
    if (info.size < MIN_BYTES) continue;
    let data: Buffer | undefined;
    for (const [ext, compress] of [
      [
        '.br',
        (b: Buffer) =>
          brotli(b, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
            },
          }),
      ],
      ['.gz', (b: Buffer) => gz(b, { level: 9 })],
    ] as const) {
      if (await isFresh(path + ext, info.mtimeMs)) continue;
      data ??= await readFile(path);
      await writeFile(path + ext, await compress(data));
      written += 1;
    }
  }
  return written;
}

/**
 * Serves the built app under `root`: the `.br`/`.gz` copy the client accepts (with
 * `Vary: Accept-Encoding`), hashed assets cached for a year as immutable and everything else
 * (index.html above all) revalidated on each load. Copies missing or stale are written first;
 * a read-only root is served uncompressed.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  try {
    const written = await precompressStatic(root);
    if (written > 0) app.log.info({ written }, 'static files precompressed');
  } catch (error) {
    app.log.warn(
      { err: error },
      'static files could not be precompressed; serving them as they are',
    );
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(root, path)));
    },
  });
}
