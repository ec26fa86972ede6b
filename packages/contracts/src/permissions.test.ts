import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, permissionCatalogue } from './permissions';

// The keys of spec 001 §6 that must exist as permission codes.
const SPEC_KEYS = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Exam-Multiple',
  'Exam-Multiple-Report-Class',
  'Exam-Multiple-Report-Grade',
  'Exam-AnalyticCenter',
  'Exam-Wuhen',
  'Exam-Gaokao',
  'Exam-Cross-School',
  'Exam-Print',
  'Exam-Tool',
  'Resources',
  'Paper',
  'Paper-School',
  'Paper-Cloud',
  'Generate',
  'Process',
  'Composing',
  'StudySituation',
  'Homework',
  'Homework-Analysis',
  'Homework-Collate',
  'Homework-Group',
  'System',
  'System-Homework',
  'System-Student',
  'System-Role',
  'System-Class',
  'System-Teacher',
  'System-Parm',
  'AiCenter',
  'Consolidate',
  'Teach-Research',
  'Study-Student',
  'Study-Class',
  'AbilityGrowth',
  'Summary',
  'Subject',
  'like',
  'wenke',
];

describe('permission catalogue', () => {
  it.each(SPEC_KEYS)('has the spec key %s', (key) => {
    expect(PERMISSION_KEYS).toContain(key);
  });

  it('has unique codes and ids numbered from 1', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
    expect(permissionCatalogue.map((p) => p.id)).toEqual(permissionCatalogue.map((_, i) => i + 1));
  });

  it('lists every parent before its children, and all items are web items shown', () => {
    const seen = new Set<number>([0]);
    for (const item of permissionCatalogue) {
      expect(seen.has(item.pPermId)).toBe(true);
      expect(item.platformType).toBe(0);
      expect(item.isShow).toBe(0);
      seen.add(item.id);
    }
  });

  it('gives each parameter page its own key under System-Parm (spec 001 §2)', () => {
    const system = permissionCatalogue.find((p) => p.permCode === 'System');
    const parm = permissionCatalogue.filter((p) => p.permCode.startsWith('Parm-'));
    expect(parm.map((p) => p.moduleUrl.replace('/system/parm/', ''))).toEqual([
      'report-push',
      'level',
      'knowledge',
      'undulate',
      'count',
      'ability',
      'accomplishment',
      'average',
      'gradeSet',
      'other',
      'homework',
    ]);
    expect(parm.every((p) => p.pPermId === system?.id && p.type === 2)).toBe(true);
  });
});
