import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, createMemoryFileStore, type FileStore } from './files';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

const stores: [string, () => FileStore][] = [
  [
    'local disk',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'examkit-files-'));
      roots.push(root);
      return createLocalFileStore(root);
    },
  ],
  ['memory', createMemoryFileStore],
];

describe.each(stores)('%s file store', (_name, make) => {
  it('returns what was put, replaces it whole, and forgets it on delete', async () => {
    const store = make();
    await store.put('scans/1/a.png', new Uint8Array([1, 2, 3]));
    expect([...((await store.get('scans/1/a.png')) ?? [])]).toEqual([1, 2, 3]);
    await store.put('scans/1/a.png', new Uint8Array([9]));
    expect([...((await store.get('scans/1/a.png')) ?? [])]).toEqual([9]);
    await store.delete('scans/1/a.png');
    expect(await store.get('scans/1/a.png')).toBeNull();
  });

  it.each(['../outside', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b'])(
    'refuses the key %j',
    async (key) => {
      await expect(make().put(key, new Uint8Array([1]))).rejects.toThrow(/invalid file key/);
    },
  );
});

it('leaves no temporary file behind on local disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'examkit-files-'));
  roots.push(root);
  await createLocalFileStore(root).put('x/y.bin', new Uint8Array([1]));
  expect(readdirSync(join(root, 'x'))).toEqual(['y.bin']);
});
