import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A random token of `bytes` random bytes as lowercase hex (16 bytes = 128 bits). */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Constant-time comparison of two hex strings; false for different lengths or empty input. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The server's secret key: `configured` when set, else a key kept in
 * `<dataDir>/secret.key` (created on first start, readable by the owner only),
 * so that pending codes survive a restart of a single-instance install.
 * Several instances sharing one database must all be given EXAMKIT_SECRET.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const created = randomToken(32);
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}
