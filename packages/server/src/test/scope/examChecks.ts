import { expect, it } from 'vitest';
import { named, R } from './kit';
import type { ScopeSuite } from './suite';

/** The data-scope checks of the exam routes: exam/students, objective scores and the exam’s state changes. */
export function examChecks(s: ScopeSuite) {
  it('exam/students and objective scores list exactly the classes in scope', async () => {
    const classesIn = (data: unknown) =>
      [...named(data).studentIds].map((id) => s.ids.students.get(id)!.className);
    const students = await s.as('teacher', R('exam.students'), { id: s.ids.examId });
    expect(new Set(classesIn(students.body.data))).toEqual(new Set(['高一(1)班', '高一(2)班']));
    const other = await s.as('teacher', R('exam.students'), {
      id: s.ids.examId,
      classId: s.ids.classes.get('高一(3)班')!.id,
    });
    expect(other.body.data).toEqual([]);
    const math = await s.as('teacher', R('scan.objectiveScores'), {
      examSubjectId: s.ids.examSubjects.get('数学')!,
      pageSize: 200,
    });
    expect(new Set(classesIn(math.body.data))).toEqual(new Set(['高一(1)班', '高一(2)班']));
    const chinese = await s.as('teacher', R('scan.objectiveScores'), {
      examSubjectId: s.ids.examSubjects.get('语文')!,
      pageSize: 200,
    });
    expect((chinese.body.data as { total: number }).total).toBe(0);
    const head = await s.as('head', R('scan.objectiveScores'), {
      examSubjectId: s.ids.examSubjects.get('语文')!,
      pageSize: 200,
    });
    expect(new Set(classesIn(head.body.data))).toEqual(new Set(['高一(1)班']));
    // Scanning and reconciling is exam management.
    const reconcile = await s.as('head', R('scan.reconcile'), {
      examSubjectId: s.ids.examSubjects.get('语文')!,
    });
    expect(reconcile.body.code).toBe(403);
  });

  it('exam/detail offers state changes (撤回报告 …) only to the exam’s managers', async () => {
    const detail = async (role: string) =>
      (await s.as(role, R('exam.detail'), { id: s.ids.examId })).body.data as {
        allowedTransitions: string[];
      };
    expect((await detail('admin')).allowedTransitions).toContain('finished');
    expect((await detail('head')).allowedTransitions).toEqual([]);
    expect((await detail('teacher')).allowedTransitions).toEqual([]);
    const withdraw = await s.as('head', R('exam.transition'), { id: s.ids.examId, to: 'finished' });
    expect(withdraw.body.code).toBe(403);
  });
}
