import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLoginData } from './clearLoginData';
import { createStorage } from './createStorage';
import { initClientStorage } from './initClientStorage';
import { STORAGE_KEYS } from './STORAGE_KEYS';

describe('createStorage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('defaults to localStorage and keeps JSON values', () => {
    const storage = createStorage();
    storage.set('userInfo', { userId: 7, roles: [{ id: 1 }] });
    storage.set('schoolId', 11);
    expect(localStorage.getItem('userInfo')).toBe('{"userId":7,"roles":[{"id":1}]}');
    expect(createStorage('local').get('userInfo')).toEqual({ userId: 7, roles: [{ id: 1 }] });
    expect(storage.get('schoolId')).toBe(11);
  });

  it.each([
    ['session', () => sessionStorage],
    ['local', () => localStorage],
  ] as const)('%s storage writes to its browser store', (kind, browser) => {
    createStorage(kind).set('k', 'v');
    expect(browser().getItem('k')).toBe('"v"');
  });

  it('memory storage touches no browser store', () => {
    const storage = createStorage('memory');
    storage.set('token', 't');
    expect(storage.get('token')).toBe('t');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reads a value written without JSON as its raw string, and a missing one as null', () => {
    localStorage.setItem('token', 'abc-not-json');
    expect(createStorage().get('token')).toBe('abc-not-json');
    expect(createStorage().get('menus')).toBeNull();
  });

  it('never throws when the browser storage fails', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const storage = createStorage();
    expect(() => storage.set('token', 't')).not.toThrow();
    expect(storage.get('token')).toBeNull();
    expect(() => storage.remove('token')).not.toThrow();
  });

  it('falls back to memory when the browser storage cannot even be reached', () => {
    vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const storage = createStorage();
    storage.set('token', 't');
    expect(storage.get('token')).toBe('t');
  });
});

describe('clearLoginData and initClientStorage', () => {
  it('clears exactly the keys of spec 000 §3', () => {
    const storage = createStorage('memory');
    for (const key of [...Object.values(STORAGE_KEYS), 'bv-choice']) storage.set(key, 1);
    clearLoginData(storage);
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'token',
      'schoolId',
      'userInfo',
      'menus',
      'pathArray',
      'historyRole',
      'HOMEWORK_HEADER_STORE',
    ]);
    expect(Object.values(STORAGE_KEYS).map((k) => storage.get(k))).toEqual(Array(7).fill(null));
    expect(storage.get('bv-choice')).toBe(1);
  });

  it('clears the session key isAutoPaperStoreBackup at start', () => {
    sessionStorage.setItem('isAutoPaperStoreBackup', 'true');
    sessionStorage.setItem('other', '1');
    initClientStorage();
    expect(sessionStorage.getItem('isAutoPaperStoreBackup')).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('1');
  });
});
