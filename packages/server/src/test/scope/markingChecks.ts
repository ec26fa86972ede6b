import * as contracts from '@examkit/contracts';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seedDemo';
import { call } from '../fixtures';
import { R } from './kit';
import type { ScopeSuite } from './suite';

/** The data-scope checks of the marking routes: roles per block, the 网上阅卷 entry, and another school’s ids in marking writes. */
export function markingChecks(s: ScopeSuite) {
  it('marking roles are per block: a teacher who marks is not a manager, the director is', async () => {
    const remark = await s.as('teacher', R('marking.remark'), {
      paperId: s.ids.paperId,
      score: 1,
      reason: '改分',
      idempotencyKey: '00000000-0000-4000-8000-000000000001',
    });
    expect([remark.body.code, remark.body.msg]).toEqual([
      403,
      '只有题块组长或阅卷管理员可以进行此操作',
    ]);
    const finish = await s.as('teacher', R('marking.finishSubject'), {
      examSubjectId: s.ids.markingSubjectId,
    });
    expect([finish.body.code, finish.body.msg]).toEqual([403, '只有阅卷管理员可以进行此操作']);
    const save = await s.as('teacher', R('marking.saveBlock'), {
      blockId: s.ids.blockId,
      setup: {},
    });
    expect(save.body.code).not.toBe(200);
    // The teacher has no marking role key, yet reaches the blocks they mark.
    const list = await s.as('teacher', R('marking.list'), {});
    expect(list.body.code).toBe(200);
    expect((list.body.data as { list: unknown[] }).list.length).toBe(2);
    const scope = await s.as('teacher', contracts.scopeRoutes.myScope, {});
    expect(scope.body.data).toMatchObject({ markingManager: false, schoolWide: false });
    expect((scope.body.data as { markingBlockIds: number[] }).markingBlockIds).toHaveLength(2);
    const director = await s.as('director', contracts.scopeRoutes.myScope, {});
    expect(director.body.data).toMatchObject({ markingManager: true, schoolWide: true });
    // The head marks nothing: no marking at all.
    expect((await s.as('head', R('marking.list'), {})).body.code).toBe(403);
  });

  it('the sign-in gives a teacher named on a block the 网上阅卷 entry', async () => {
    const r = await call<contracts.UserInfo>(s.app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'teacher', password: DEMO_PASSWORD },
    });
    expect(r.body.data.perms.map((p) => p.permCode)).toContain('Exam-Wuhen');
    const head = await call<contracts.UserInfo>(s.app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'head', password: DEMO_PASSWORD },
    });
    expect(head.body.data.perms.map((p) => p.permCode)).not.toContain('Exam-Wuhen');
  });

  it('another school’s ids in marking writes answer exactly as missing ids', async () => {
    const lab = await s.database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'lab')
      .executeTakeFirstOrThrow();
    const labStudent = await s.database.db
      .selectFrom('students')
      .select('id')
      .where('school_id', '=', lab.id)
      .executeTakeFirstOrThrow();
    const reset = (body: Record<string, unknown>) => s.as('admin', R('marking.resetAnswer'), body);
    const base = {
      examSubjectId: s.ids.markingSubjectId,
      studentId: s.ids.byClass.get('高一(1)班')!,
    };
    expect((await reset({ ...base, studentId: labStudent.id })).body).toEqual(
      (await reset({ ...base, studentId: 9_999_999 })).body,
    );
    expect((await reset({ ...base, studentId: 9_999_999 })).body.code).toBe(404);
    // A foreign exam subject: create one in the lab school is not needed; every id of the
    // lab school's exam subjects reads as missing.
    const labSubject = await s.database.db
      .selectFrom('exam_subjects as s')
      .innerJoin('exams as e', 'e.id', 's.exam_id')
      .select('s.id')
      .where('e.school_id', '=', lab.id)
      .executeTakeFirst();
    if (labSubject)
      expect((await reset({ ...base, examSubjectId: labSubject.id })).body).toEqual(
        (await reset({ ...base, examSubjectId: 9_999_999 })).body,
      );
    expect((await reset({ ...base, examSubjectId: 9_999_999 })).body.msg).toBe('考试科目不存在');
    expect((await reset({ ...base, blockId: 9_999_999 })).body.msg).toBe('阅卷题块不存在');
    // Paper and task ids: a missing one and another school's give the same answer.
    const missingPaper = await s.as('admin', R('marking.remark'), {
      paperId: 9_999_999,
      score: 1,
      reason: 'x',
      idempotencyKey: '00000000-0000-4000-8000-000000000002',
    });
    expect([missingPaper.body.code, missingPaper.body.msg]).toEqual([404, '试卷不存在']);
  });
}
