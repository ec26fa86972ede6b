import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './buildMenuTree';
import { firstTarget } from './firstTarget';
import { systemEntryTarget } from './systemEntryTarget';
import { allPerms, node, permsOf } from './test/fixtures';

describe('firstTarget', () => {
  const cases = [
    {
      name: 'goes to the first child of type 1',
      entry: node('Exam', '/exam', [
        node('Exam-Single', '/exam/single'),
        node('Exam-Multiple', '/exam/multiple', [], { moduleOrder: 2 }),
      ]),
      target: '/exam/single',
    },
    {
      name: 'skips children of type 2',
      entry: node('Exam', '/exam', [
        node('Exam-Single-Report-Class', '/exam/single/report/class', [], { type: 2 }),
        node('Exam-Tool', '/exam/tool', [], { moduleOrder: 2 }),
      ]),
      target: '/exam/tool',
    },
    {
      name: 'follows type-1 children down to a leaf',
      entry: node('A', '/a', [node('A-B', '/a/b', [node('A-B-C', '/a/b/c')])]),
      target: '/a/b/c',
    },
    {
      name: 'an entry without children goes to its own URL',
      entry: node('Home', '/home/index'),
      target: '/home/index',
    },
    {
      name: 'student page with exactly two children goes to the class page',
      entry: node('Study', '/study', [
        node('Study-Student', '/study/student'),
        node('Study-Class', '/study/class', [], { moduleOrder: 2 }),
      ]),
      target: '/study/class',
    },
    {
      name: 'student page as the only child stays on the student page',
      entry: node('Study', '/study', [node('Study-Student', '/study/student')]),
      target: '/study/student',
    },
    {
      name: 'student page with three children stays on the student page',
      entry: node('Study', '/study', [
        node('Study-Student', '/study/student'),
        node('Study-Class', '/study/class', [], { moduleOrder: 2 }),
        node('Study-X', '/study/x', [], { moduleOrder: 3 }),
      ]),
      target: '/study/student',
    },
  ];
  it.each(cases)('$name', ({ entry, target }) => {
    expect(firstTarget(entry)).toBe(target);
  });

  it('works on the built tree for every top entry', () => {
    const tree = buildMenuTree(allPerms, { schoolId: 7, studySchoolIds: [7] });
    const targets = Object.fromEntries(tree.map((n) => [n.permCode, firstTarget(n)]));
    expect(targets).toMatchObject({
      Home: '/home/index',
      Exam: '/exam/single',
      Study: '/study/class',
      Resources: '/resource/paper/school',
      System: '/system/student/list',
    });
  });
});

describe('systemEntryTarget', () => {
  it('goes to the first child of the system module', () => {
    expect(systemEntryTarget(buildMenuTree(allPerms))).toBe('/system/student/list');
    expect(systemEntryTarget(buildMenuTree(allPerms, { brandVariant: 9 }))).toBe(
      '/system/homework',
    );
  });
  it('is null without a system permission (the shell then shows 禁止访问！)', () => {
    expect(systemEntryTarget(buildMenuTree(permsOf('Home', 'Exam', 'Exam-Single')))).toBeNull();
    expect(
      systemEntryTarget([
        node('System', '/system', [node('Parm-Level', '/system/parm/level', [], { type: 2 })]),
      ]),
    ).toBeNull();
  });
});
