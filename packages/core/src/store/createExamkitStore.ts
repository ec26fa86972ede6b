import { roleCodes, rolePerms } from '@examkit/contracts/rules';
import type { PermNode, UserInfo } from '@examkit/contracts';
import { createStore } from 'zustand/vanilla';
import { plainMenuTree } from '../auth/plainMenuTree';
import { clearLoginData } from '../storage/clearLoginData';
import { STORAGE_KEYS } from '../storage/STORAGE_KEYS';
import type { ExamkitState, ExamkitStore, KeyValueStorage, ListMemory } from '../types';
import { yearOptions } from '../utils/yearOptions';

/** A list's memory before the user has set anything: page 1, exam-type tab "1" (spec 000 §3). */
export const EMPTY_LIST_MEMORY: ListMemory = Object.freeze({ currentPage: 1, examTypeChange: '1' });
const emptyListMemory = (): ListMemory => ({ ...EMPTY_LIST_MEMORY });

// The active role is not a storage key of the spec; after a reload it is the role whose codes were stored.
function storedActiveRole(user: UserInfo, codes: string[]): number | null {
  const match = user.roles.find((r) => roleCodes(user, r.id).join() === codes.join());
  return (match ?? user.roles[0])?.id ?? null;
}

/**
 * The client state of spec 000 §3 as a zustand vanilla store, hydrated from
 * storage: the signed-in user, menus and codes come back after a reload.
 *
 * @param options.now clock for the default academic year list. @default () => new Date()
 */
export function createExamkitStore(
  storage: KeyValueStorage,
  options: { now?: () => Date } = {},
): ExamkitStore {
  const user = storage.get<UserInfo>(STORAGE_KEYS.userInfo);
  const permCodes = user ? (storage.get<string[]>(STORAGE_KEYS.pathArray) ?? []) : [];

  const persist = (values: Partial<Record<keyof typeof STORAGE_KEYS, unknown>>) => {
    for (const [key, value] of Object.entries(values)) storage.set(key, value);
  };

  return createStore<ExamkitState>()((set, get) => ({
    user,
    activeRoleId: user ? storedActiveRole(user, permCodes) : null,
    permCodes,
    menus: user ? (storage.get<PermNode[]>(STORAGE_KEYS.menus) ?? []) : [],
    academicYears: yearOptions(options.now?.()).slice(0, 2),
    academicYearType: 0,
    listMemory: {},
    basketCount: 0,
    subjectInfo: { gradeNum: '', subjectCode: '' },
    sectionId: '',
    gradeList: [],
    clientId: '',
    platform: '',
    brandVariant: null,
    printServe: '',
    watermark: null,

    setSession(session) {
      const { user, menus, permCodes } = session;
      persist({
        schoolId: user.schoolId,
        token: user.token,
        userInfo: user,
        menus,
        pathArray: permCodes,
        historyRole: user.isHistoryRole,
      });
      set(session);
    },
    setActiveRole(roleId, menuFilter = plainMenuTree) {
      const { user } = get();
      if (!user?.roles.some((r) => r.id === roleId)) return;
      const menus = menuFilter(rolePerms(user, roleId));
      const codes = roleCodes(user, roleId);
      persist({ menus, pathArray: codes });
      set({ activeRoleId: roleId, menus, permCodes: codes });
    },
    clearSession() {
      clearLoginData(storage);
      set({
        user: null,
        activeRoleId: null,
        permCodes: [],
        menus: [],
        watermark: null,
        listMemory: {},
        basketCount: 0,
      });
    },
    setBrandVariant: (brandVariant) => set({ brandVariant }),
    rememberList: (list, memory) => {
      const all = get().listMemory;
      set({ listMemory: { ...all, [list]: { ...(all[list] ?? emptyListMemory()), ...memory } } });
    },
    patch: (values) => set(values),
  }));
}
