import { describe, expect, it } from 'vitest';
import { findRoute } from './findRoute';
import { missingParams, parentPaths } from './parentPaths';

const parent = (path: string) => parentPaths.find((p) => p.path === path);

describe('parentPaths', () => {
  it('lists the parent paths the issue names, each with its children in catalogue order', () => {
    expect(parent('/exam/single/report/class')?.children[0]?.path).toBe(
      '/exam/single/report/class/basic/:id',
    );
    expect(parent('/system/student')?.children.map((c) => c.path)).toEqual([
      '/system/student/list',
      '/system/student/xgk',
      '/system/student/new',
      '/system/student/edit/:id',
    ]);
    expect(parent('/resource')?.children[0]?.path).toBe('/resource/paper/school');
  });

  it('never shadows a route of the catalogue', () => {
    for (const { path } of parentPaths) {
      expect(findRoute(path.replace(/:[^/]+/g, '1'))).toBeUndefined();
    }
    expect(parent('/exam/single')).toBeUndefined();
    expect(parent('/system')).toBeUndefined();
  });

  it('names the parameters a child needs beyond its parent', () => {
    const classReport = parent('/exam/single/report/class')!;
    expect(missingParams(classReport.path, classReport.children[0]!)).toEqual(['id']);
    const gaokao = parent('/exam/gaokao/report/:id/summary')!;
    expect(missingParams(gaokao.path, gaokao.children[0]!)).toEqual([]);
  });
});
