import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, randomToken, sameHex } from './secrets';

describe('loadOrCreateSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'examkit-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('uses the configured secret as given', () => {
    expect(loadOrCreateSecret('from-the-environment', tempDir())).toBe('from-the-environment');
  });

  it('creates a key on first start and returns the same key after a restart', () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateSecret(undefined, dir)).toBe(first);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('gives each data folder its own key', () => {
    expect(loadOrCreateSecret(undefined, tempDir())).not.toBe(
      loadOrCreateSecret(undefined, tempDir()),
    );
  });
});

describe('tokens', () => {
  it('are 128 random bits in hex by default, compared in constant time', () => {
    const a = randomToken();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(sameHex(a, a)).toBe(true);
    expect(sameHex(a, randomToken())).toBe(false);
    expect(sameHex('', '')).toBe(false);
  });
});
