import { permissionCatalogue } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { plainMenuTree } from './plainMenuTree';

const item = (code: string) => permissionCatalogue.find((p) => p.permCode === code)!;

describe('plainMenuTree', () => {
  it('keeps shown web items, nests them under their parent, drops children of dropped items, sorts by moduleOrder', () => {
    const perms = [
      { ...item('System-Teacher') },
      { ...item('System'), moduleOrder: 1 },
      { ...item('Home'), moduleOrder: 2 },
      { ...item('System-Student') },
      { ...item('Exam'), platformType: 1 },
      { ...item('Exam-Single') },
      { ...item('Study'), isShow: 1 },
      { ...item('Study-Class') },
      { ...item('Teach-Research-Usage'), moduleOrder: 3 },
    ];
    const tree = plainMenuTree(perms);
    expect(tree.map((n) => [n.permCode, n.children.map((c) => c.permCode)])).toEqual([
      ['System', ['System-Student', 'System-Teacher']],
      ['Home', []],
      ['Teach-Research-Usage', []],
    ]);
  });
});
