import { describe, expect, it } from 'vitest';
import { plainMenuTree } from '../auth/plainMenuTree';
import { createStorage } from '../storage/createStorage';
import { NOW, demoUser } from '../test/fixtures';
import { createExamkitStore } from './createExamkitStore';

const session = () => {
  const user = demoUser();
  return { user, activeRoleId: 1, permCodes: ['Home', 'Exam'], menus: plainMenuTree(user.perms) };
};

describe('createExamkitStore', () => {
  it('starts signed out with the defaults of spec 000 §3', () => {
    const state = createExamkitStore(createStorage('memory'), { now: () => NOW }).getState();
    expect(state).toMatchObject({
      user: null,
      activeRoleId: null,
      permCodes: [],
      menus: [],
      academicYearType: 0,
      basketCount: 0,
      brandVariant: null,
      watermark: null,
      academicYears: [
        { label: '2026-2027', value: 2026 },
        { label: '2025-2026', value: 2025 },
      ],
    });
    expect(state.listMemory).toEqual({});
  });

  it('stores a session and hydrates it in a new store (a page reload)', () => {
    const storage = createStorage('memory');
    createExamkitStore(storage).getState().setSession(session());
    expect(storage.get('token')).toBe('tok-demo-7');
    expect(storage.get('schoolId')).toBe(11);
    expect(storage.get('historyRole')).toBe(false);
    const reloaded = createExamkitStore(storage).getState();
    expect(reloaded).toMatchObject({
      user: { userId: 7 },
      permCodes: ['Home', 'Exam'],
      activeRoleId: 1,
    });
    expect(reloaded.menus.map((m) => m.permCode)).toEqual(session().menus.map((m) => m.permCode));
  });

  it('clearSession forgets the user in state and storage but keeps the brand variant', () => {
    const storage = createStorage('memory');
    const store = createExamkitStore(storage);
    store.getState().setSession(session());
    store.getState().setBrandVariant(5);
    store.getState().rememberList('exam-single', { currentPage: 3 });
    store.getState().clearSession();
    expect(store.getState()).toMatchObject({
      user: null,
      menus: [],
      permCodes: [],
      brandVariant: 5,
    });
    expect(store.getState().listMemory).toEqual({});
    expect(storage.get('userInfo')).toBeNull();
  });

  it("remembers each list's page and filters field by field, apart from the other lists", () => {
    const store = createExamkitStore(createStorage('memory'));
    store.getState().rememberList('exam-single', { gradeNum: 10, subjectCode: 'SX' });
    store.getState().rememberList('exam-single', { currentPage: 2 });
    store.getState().rememberList('system-student-list', { keyWord: '张' });
    expect(store.getState().listMemory).toEqual({
      'exam-single': { gradeNum: 10, subjectCode: 'SX', currentPage: 2, examTypeChange: '1' },
      'system-student-list': { keyWord: '张', currentPage: 1, examTypeChange: '1' },
    });
  });

  it('patches plain fields', () => {
    const store = createExamkitStore(createStorage('memory'));
    store
      .getState()
      .patch({ basketCount: 4, subjectInfo: { gradeNum: 7, subjectCode: 'YW' }, clientId: 'c-1' });
    expect(store.getState()).toMatchObject({
      basketCount: 4,
      subjectInfo: { gradeNum: 7, subjectCode: 'YW' },
      clientId: 'c-1',
    });
  });
});
