import * as contracts from '@examkit/contracts';
import { expect, it } from 'vitest';
import { GRADE2, R } from './kit';
import type { ScopeSuite } from './suite';

/** The data-scope checks of my_scope for each kind of teacher, and masked phones. */
export function adminChecks(s: ScopeSuite) {
  it('my_scope tells a screen the classes and subjects of each kind of teacher', async () => {
    const subjectsIn = async (role: string) => {
      const data = (await s.as(role, contracts.scopeRoutes.myScope, {})).body
        .data as contracts.MyScope;
      return data.classes.map((c) => [
        s.ids.classNameOf.get(c.classId),
        c.allSubjects
          ? 'all'
          : c.subjectIds.map((id) => [...s.ids.subjects].find(([, v]) => v === id)?.[0]),
      ]);
    };
    expect(await subjectsIn('teacher')).toEqual([
      ['高一(1)班', ['数学']],
      ['高一(2)班', ['数学']],
    ]);
    expect(await subjectsIn('head')).toEqual([['高一(1)班', 'all']]);
    expect((await subjectsIn('gradelead')).map(([c]) => c)).toEqual(GRADE2);
    expect(await subjectsIn('grader')).toEqual([]);
    expect(await subjectsIn('t004')).toEqual([1, 2, 3, 4].map((n) => [`高一(${n})班`, ['数学']]));
    expect((await subjectsIn('t005')).length).toBe(12);
  });

  it('phones and login names made of phones are masked without System-Tel', async () => {
    const add = await s.as('admin', R('admin.addTeacher'), {
      name: '手机登录',
      tel: '13912345678',
    });
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    for (const route of [R('admin.queryTeachers'), R('admin.listTeacher')]) {
      const body =
        route === R('admin.listTeacher')
          ? { keyWord: '手机登录' }
          : { pageNum: 1, pageSize: 20, keyWord: '手机登录' };
      const director = await s.as('director', route, body);
      const text = JSON.stringify(director.body);
      expect(director.body.code, text).toBe(200);
      expect(text).toContain('139****5678');
      expect(text).not.toMatch(/1[0-9]{10}/);
      const admin = await s.as('admin', route, body);
      expect(JSON.stringify(admin.body.data)).toContain('13912345678');
    }
  });
}
