import { permissionCatalogue } from '@examkit/contracts';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
  type Notifier,
  type UserInfo,
} from '@examkit/core';
import { type ExamkitContextValue } from '@examkit/core/react';
import { vi } from 'vitest';
import type { PermItem, PermNode } from '../types';

/** The whole catalogue, as a user holding every key receives it. */
export const allPerms: readonly PermItem[] = permissionCatalogue;

/** The catalogue items of the given codes. */
export const permsOf = (...codes: string[]): PermItem[] =>
  permissionCatalogue.filter((p) => codes.includes(p.permCode));

/** The catalogue without the given codes. */
export const permsWithout = (...codes: string[]): PermItem[] =>
  permissionCatalogue.filter((p) => !codes.includes(p.permCode));

/** Every code in a tree, depth first. */
export const codesOf = (nodes: readonly PermNode[]): string[] =>
  nodes.flatMap((n) => [n.permCode, ...codesOf(n.children)]);

/** A hand-made tree node. */
export const node = (
  permCode: string,
  moduleUrl: string,
  children: PermNode[] = [],
  extra: Partial<PermItem> = {},
): PermNode => ({
  id: 0,
  permName: permCode,
  permCode,
  moduleUrl,
  moduleOrder: 1,
  pPermId: 0,
  type: 1,
  platformType: 0,
  isShow: 0,
  children,
  ...extra,
});

/** A signed-in teacher of 示范中学 (only what the guards read). */
export const demoUser = (): UserInfo => ({
  userId: 7,
  token: 'tok-demo-7',
  schoolId: 11,
  schoolName: '示范中学',
  nickName: '王老师',
  tel: '13800000000',
  roles: [{ id: 1, roleName: '教务主任' }],
  showRoles: [],
  perms: [],
  allPerm: {},
  allRole: {},
  academicYear: 2026,
  academicYearType: 0,
  isHistoryRole: false,
});

/** The SDK context of a test: memory storage, a recording notifier, optionally signed in with `codes`. */
export function createTestExamkit(codes: string[] | null) {
  const storage = createStorage('memory');
  const notifier = {
    message: vi.fn(),
    alert: vi.fn(),
    loading: { open: vi.fn(), close: vi.fn() },
  } satisfies Notifier;
  const store = createExamkitStore(storage);
  const http = createHttpClient({ storage, notifier });
  const auth = createAuthClient({ http, storage, store });
  if (codes)
    store.getState().setSession({ user: demoUser(), activeRoleId: 1, permCodes: codes, menus: [] });
  const value: ExamkitContextValue = { http, auth, store, storage, notifier };
  return value as ExamkitContextValue & { notifier: typeof notifier };
}
