import type { MenuContext, MenuFilter, PermItem, PermNode } from './types';

/** Permission code of the ability-growth module, opened through its own entry instead of the header menu. */
export const ABILITY_GROWTH_CODE = 'AbilityGrowth';

const HIDDEN_FOR_BRAND_9 = [
  'Home',
  'System-Student',
  'System-Teacher',
  'System-Class',
  'System-Role',
];

/** Whether an item is a web permission that is shown (spec 000 §6). */
export const isWebShown = (p: PermItem): boolean => p.platformType === 0 && p.isShow === 0;

/**
 * Creates the filter that turns the permissions returned at sign-in into the
 * header menu tree, applying every rule of spec 000 §6 for the given context.
 * Children are sorted by `moduleOrder`; a parent whose children were all
 * removed is dropped, an entry that never had children stays.
 * @see spec 000 §6
 */
export function createMenuFilter(context: MenuContext = {}): MenuFilter {
  const removed = new Set(['Exam-Print', ABILITY_GROWTH_CODE]);
  if (context.schoolId == null || !(context.studySchoolIds ?? []).includes(context.schoolId)) {
    removed.add('Study-Student').add('Study-Class');
  }
  if (context.clientId != null && (context.roleHiddenClientIds ?? []).includes(context.clientId)) {
    removed.add('System-Role');
  }
  if (context.brandVariant != null && Number(context.brandVariant) === 9) {
    HIDDEN_FOR_BRAND_9.forEach((code) => removed.add(code));
  }
  const rename = (p: PermItem): string => {
    if (!context.hostedPlatform) return p.permName;
    if (p.permCode === 'Exam' || p.permName === '考试管理') return '智能阅卷';
    if (p.permName.includes('大数据中心')) return '精细分析';
    return p.permName;
  };

  return (perms) => {
    const hadChildren = new Set(perms.map((p) => p.pPermId));
    const byParent = new Map<number, PermItem[]>();
    for (const p of perms) {
      if (!isWebShown(p) || removed.has(p.permCode)) continue;
      const siblings = byParent.get(p.pPermId);
      if (siblings) siblings.push(p);
      else byParent.set(p.pPermId, [p]);
    }
    const visited = new Set<number>();
    const build = (parentId: number): PermNode[] =>
      [...(byParent.get(parentId) ?? [])]
        .sort((a, b) => a.moduleOrder - b.moduleOrder)
        .flatMap((item): PermNode[] => {
          // Guards against malformed input where an item is its own ancestor.
          if (visited.has(item.id)) return [];
          visited.add(item.id);
          const children = build(item.id);
          if (children.length === 0 && hadChildren.has(item.id)) return [];
          return [{ ...item, permName: rename(item), children }];
        });
    return build(0);
  };
}
