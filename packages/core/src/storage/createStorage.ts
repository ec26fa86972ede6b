import type { KeyValueStorage, StorageKind } from '../types';

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Browser storage throws when blocked (sandboxed frames, cookies off) or full.
    return fallback;
  }
}

/**
 * JSON key-value storage over `localStorage`, `sessionStorage` or memory.
 * It never throws: when the browser storage is missing, full or blocked,
 * reads give `null` and writes are dropped. A value that is not JSON (written
 * by older code) reads back as its raw string.
 *
 * @param kind @default 'local'; falls back to memory where the browser storage is unavailable
 */
export function createStorage(kind: StorageKind = 'local'): KeyValueStorage {
  const map = new Map<string, string>();
  const backend: Backend = (kind !== 'memory' &&
    attempt(
      () => (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage),
      null,
    )) || {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  return {
    get<T>(key: string): T | null {
      const raw = attempt(() => backend.getItem(key), null);
      return raw === null ? null : attempt(() => JSON.parse(raw) as T, raw as T);
    },
    set: (key, value) =>
      attempt(
        () =>
          value === undefined
            ? backend.removeItem(key)
            : backend.setItem(key, JSON.stringify(value)),
        undefined,
      ),
    remove: (key) => attempt(() => backend.removeItem(key), undefined),
  };
}
