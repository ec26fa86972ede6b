import type { MenuFilter as CoreMenuFilter } from '@examkit/core';
import { describe, expect, it } from 'vitest';
import { abilityGrowthEntry } from './abilityGrowthEntry';
import { buildMenuTree } from './buildMenuTree';
import { createMenuFilter } from './createMenuFilter';
import type { MenuContext, PermItem } from './types';
import { allPerms, codesOf, permsOf } from './test/fixtures';

const STUDY_SCHOOL = 7;
const HIDDEN_CLIENT = 'client-x';
const base: MenuContext = {
  schoolId: 1,
  clientId: 'web',
  studySchoolIds: [STUDY_SCHOOL],
  roleHiddenClientIds: [HIDDEN_CLIENT],
};

describe('buildMenuTree: the rules of spec 000 §6', () => {
  const rules: { rule: string; context: MenuContext; absent: string[]; present: string[] }[] = [
    {
      rule: 'Exam-Print is always removed',
      context: base,
      absent: ['Exam-Print'],
      present: ['Exam-Single', 'Exam-Tool'],
    },
    {
      rule: 'Exam-Print is removed even for the study school',
      context: { ...base, schoolId: STUDY_SCHOOL },
      absent: ['Exam-Print'],
      present: ['Exam'],
    },
    {
      rule: 'Study-Student and Study-Class are removed for every other school',
      context: base,
      absent: ['Study-Student', 'Study-Class', 'Study'],
      present: ['Exam'],
    },
    {
      rule: 'the one study school keeps Study-Student and Study-Class',
      context: { ...base, schoolId: STUDY_SCHOOL },
      absent: [],
      present: ['Study', 'Study-Student', 'Study-Class'],
    },
    {
      rule: 'System-Role is removed for the listed client id',
      context: { ...base, clientId: HIDDEN_CLIENT },
      absent: ['System-Role'],
      present: ['System', 'System-Student'],
    },
    {
      rule: 'System-Role stays for other clients',
      context: base,
      absent: [],
      present: ['System-Role'],
    },
    {
      rule: 'brand variant 9 removes Home, System-Student, System-Teacher, System-Class and System-Role',
      context: { ...base, brandVariant: 9 },
      absent: ['Home', 'System-Student', 'System-Teacher', 'System-Class', 'System-Role'],
      present: ['System', 'System-Homework', 'System-Parm', 'Exam'],
    },
    {
      rule: 'brand variant 9 also applies when read from the query as a string',
      context: { ...base, brandVariant: '9' },
      absent: ['Home'],
      present: ['System'],
    },
    {
      rule: 'other brand variants keep Home',
      context: { ...base, brandVariant: 30 },
      absent: [],
      present: ['Home'],
    },
    {
      rule: 'AbilityGrowth is removed from the header menu',
      context: base,
      absent: ['AbilityGrowth'],
      present: ['Home'],
    },
  ];

  it.each(rules)('$rule', ({ context, absent, present }) => {
    const codes = codesOf(buildMenuTree(allPerms, context));
    for (const code of absent) expect(codes).not.toContain(code);
    for (const code of present) expect(codes).toContain(code);
  });

  it('uses only permissions with platformType 0 and isShow 0', () => {
    const perms = allPerms.map((p): PermItem => {
      if (p.permCode === 'Exam-Single') return { ...p, platformType: 1 };
      if (p.permCode === 'Exam-Multiple') return { ...p, isShow: 1 };
      return p;
    });
    const codes = codesOf(buildMenuTree(perms, base));
    expect(codes).not.toContain('Exam-Single');
    expect(codes).not.toContain('Exam-Multiple');
    expect(codes).toContain('Exam-AnalyticCenter');
  });

  it('drops a parent whose children were all removed, keeps an entry that never had children', () => {
    const tree = buildMenuTree(
      permsOf('Home', 'Study', 'Study-Student', 'Study-Class', 'AiCenter'),
      base,
    );
    // Study lost both children; AiCenter arrived without any, so it stays.
    expect(tree.map((n) => n.permCode)).toEqual(['Home', 'AiCenter']);
  });

  it('keeps the catalogue order at every level and nests children', () => {
    const shuffled = [...allPerms].reverse().map((p) => ({ ...p }));
    const tree = buildMenuTree(shuffled, base);
    expect(tree.map((n) => n.permCode)).toEqual([
      'Home',
      'Exam',
      'Resources',
      'Homework',
      'Consolidate',
      'Teach-Research',
      'AiCenter',
      'System',
    ]);
    const exam = tree.find((n) => n.permCode === 'Exam');
    expect(exam?.children.slice(0, 3).map((n) => n.permCode)).toEqual([
      'Exam-Single',
      'Exam-Multiple',
      'Exam-AnalyticCenter',
    ]);
    expect(tree.find((n) => n.permCode === 'Home')?.children).toEqual([]);
  });

  it('sorts children by moduleOrder, not by input order', () => {
    const [home, exam, single, multiple] = permsOf('Home', 'Exam', 'Exam-Single', 'Exam-Multiple');
    const tree = buildMenuTree(
      [
        { ...exam!, moduleOrder: 1 },
        { ...home!, moduleOrder: 2 },
        { ...single!, moduleOrder: 9 },
        { ...multiple!, moduleOrder: 3 },
      ],
      base,
    );
    expect(tree.map((n) => n.permCode)).toEqual(['Exam', 'Home']);
    expect(tree[0]?.children.map((n) => n.permCode)).toEqual(['Exam-Multiple', 'Exam-Single']);
  });

  it('on the hosted platform renames 考试管理 to 智能阅卷 and 大数据中心 to 精细分析', () => {
    const bigData: PermItem = {
      ...permsOf('Home')[0]!,
      id: 900,
      permCode: 'BigData',
      permName: '大数据中心',
      moduleOrder: 20,
    };
    const names = (hostedPlatform: boolean) =>
      buildMenuTree([...allPerms, bigData], { ...base, hostedPlatform }).map((n) => n.permName);
    expect(names(true)).toContain('智能阅卷');
    expect(names(true)).toContain('精细分析');
    expect(names(true)).not.toContain('考试管理');
    expect(names(false)).toContain('考试管理');
    expect(names(false)).toContain('大数据中心');
  });

  it('does not change its input', () => {
    const perms = permsOf('Exam', 'Exam-Single');
    const before = JSON.stringify(perms);
    buildMenuTree(perms, { hostedPlatform: true });
    expect(JSON.stringify(perms)).toBe(before);
  });

  it('createMenuFilter gives the same tree as buildMenuTree, and fits core’s menuFilter option', () => {
    const menuFilter: CoreMenuFilter = createMenuFilter(base);
    expect(menuFilter([...allPerms])).toEqual(buildMenuTree(allPerms, base));
  });

  it('drops orphans and survives an item that is its own parent', () => {
    const [single] = permsOf('Exam-Single');
    const loop: PermItem = { ...single!, id: 5, pPermId: 5 };
    expect(buildMenuTree([single!, loop], base)).toEqual([]);
  });
});

describe('abilityGrowthEntry', () => {
  it('exposes the AbilityGrowth module separately', () => {
    expect(abilityGrowthEntry(allPerms)?.moduleUrl).toBe('/ability-growth/home');
  });
  it('is null without the permission or when it is not shown on the web', () => {
    expect(abilityGrowthEntry(permsOf('Home'))).toBeNull();
    const hidden = permsOf('AbilityGrowth').map((p) => ({ ...p, isShow: 1 }));
    expect(abilityGrowthEntry(hidden)).toBeNull();
  });
});
