import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where scans, crops and generated files live: local disk by default,
 * S3-compatible storage in production. Keys are relative paths such as
 * `scans/12/batch-3/0001.png`.
 */
export interface FileStore {
  /** Writes the whole file atomically: a reader sees the old file or the new one, never a part. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * A URL the browser may PUT this one key to, with these headers, until it expires; only a
   * store the browser can reach has it (S3 with keys). @see docs/resources.md "Uploads"
   */
  presignPut?(
    key: string,
    headers: Record<string, string>,
    expiresSeconds: number,
  ): { url: string; expiresAt: number };
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

/** Refuses keys that could leave the store's root (`..`, absolute paths, odd characters). */
export function assertFileKey(key: string): void {
  if (
    !KEY.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`invalid file key: ${key}`);
  }
}

/** A store in a folder on local disk. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertFileKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid file key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** A store in memory, for tests. */
export function createMemoryFileStore(): FileStore {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      assertFileKey(key);
      files.set(key, Buffer.from(data));
    },
    async get(key) {
      assertFileKey(key);
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
