import { describe, expect, it } from 'vitest';
import { DENIED_MESSAGE, DENIED_TITLE, PUBLIC_PATHS } from './constants';
import { hasPermission } from './hasPermission';
import { isPublicPath } from './isPublicPath';

describe('hasPermission', () => {
  const codes = ['Home', 'Exam', 'Exam-Single'];
  it.each([
    { key: 'Exam', codes, expected: true },
    { key: 'System', codes, expected: false },
    { key: ['System', 'Exam-Single'], codes, expected: true },
    { key: ['System', 'AiCenter'], codes, expected: false },
    { key: undefined, codes, expected: true },
    { key: '', codes, expected: true },
    { key: 'Exam', codes: new Set(codes), expected: true },
    { key: 'System', codes: new Set(codes), expected: false },
    { key: 'Exam', codes: null, expected: false },
  ])('$key in $codes → $expected', ({ key, codes, expected }) => {
    expect(hasPermission(codes, key)).toBe(expected);
  });
});

describe('public paths and texts (spec 000 §4, §8)', () => {
  it('lists /login, /oauth, /oauth2, /c-oauth', () => {
    expect(PUBLIC_PATHS).toEqual(['/login', '/oauth', '/oauth2', '/c-oauth']);
  });
  it.each([
    ['/login', true],
    ['/login/', true],
    ['/login?bv=9', true],
    ['/oauth2', true],
    ['/c-oauth#x', true],
    ['/home', false],
    ['/', false],
    ['/login/other', false],
    ['/oauth3', false],
  ])('%s → %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
  it('keeps the denied texts', () => {
    expect(DENIED_TITLE).toBe('禁止访问！');
    expect(DENIED_MESSAGE).toBe('对不起，您没有本页访问权限！');
  });
});
