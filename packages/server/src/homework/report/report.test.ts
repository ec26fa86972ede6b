import {
  homeworkReportRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  resourceWrongRoutes,
  type ErrorStatistics,
  type ReportBasic,
  type ReportComments,
  type ReportStudentRow,
  type RubricItem,
  type StudentHomeworkReport,
  type TeachingClassItem,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import { addOuterClass, assignedHomework, gradeOnePair, homeworkCallers } from '../testKit';

type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkReportRoutes &
  typeof resourceWrongRoutes;
const routes: Routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkReportRoutes,
  ...resourceWrongRoutes,
};

describe.each(DIALECTS)('作业报告、录入与错题本 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let otherClass: number;
  let mine: { id: number; name: string }[];
  let others: { id: number; name: string }[];
  const all = { classId: null, teachingClassId: null };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    classId = pair.targets.find((t) => t.kind === 'class')!.id;
    otherClass = await addOuterClass(server, pair.gradeId);
    const studentsOf = (id: number) =>
      server.db
        .selectFrom('students')
        .select(['id', 'name'])
        .where('class_id', '=', id)
        .orderBy('student_no')
        .limit(3)
        .execute();
    mine = await studentsOf(classId);
    others = await studentsOf(otherClass);
    homeworkId = await assignedHomework(ok, {
      name: '函数练习',
      pair,
      classIds: [classId, otherClass],
      idempotencyKey: `report-${dialect}`,
    });
  });
  afterAll(() => server?.close());

  const enter = (who: string, studentId: number, answers: unknown[]) =>
    as<StudentHomeworkReport>(who, 'manualSave', { id: homeworkId, studentId, answers });

  it('录入 scores objective answers from the key and takes typed subjective scores', async () => {
    const first = await enter('teacher', mine[0]!.id, [
      { questionNo: 1, answer: 'a', score: null },
      { questionNo: 2, answer: 'B', score: null },
      { questionNo: 3, answer: null, score: 6 },
    ]);
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    // 1 right (5), 2 a 多选 subset (half of 5 rounded down to half points: 2.5), 3 typed 6.
    expect(first.body.data.score).toBe(13.5);
    expect(first.body.data.status).toBe('finished');
    expect(first.body.data.source).toBe('manual');
    expect(first.body.data.questions.map((q) => q.judgement)).toEqual(['right', 'wrong', 'wrong']);
    const second = await enter('teacher', mine[1]!.id, [
      { questionNo: 1, answer: 'A', score: null },
      { questionNo: 2, answer: 'BD', score: null },
      { questionNo: 3, answer: null, score: 10 },
    ]);
    expect(second.body.data.score).toBe(20);
    // Only the objective answers: 待批改 until question 3 is scored.
    const third = await enter('teacher', mine[2]!.id, [
      { questionNo: 1, answer: 'C', score: null },
    ]);
    expect(third.body.data.status).toBe('submitted');

    const over = await enter('teacher', mine[2]!.id, [{ questionNo: 3, answer: null, score: 11 }]);
    expect(over.body.code).toBe(400);
    expect(over.body.msg).toContain('得分不能超过满分 10 分');
    const twice = await enter('teacher', mine[2]!.id, [
      { questionNo: 1, answer: 'A', score: null },
      { questionNo: 1, answer: 'B', score: null },
    ]);
    expect(twice.body.msg).toContain('第 1 题重复录入');
    // Another teacher's student, another school: as missing.
    expect((await enter('teacher', others[0]!.id, [])).body.code).toBe(404);
    expect((await enter('lab-admin', mine[0]!.id, [])).body.code).toBe(404);
  });

  it('re-entering a corrected hand-in makes it 已修改', async () => {
    const again = await enter('teacher', mine[1]!.id, [
      { questionNo: 1, answer: 'A', score: null },
      { questionNo: 2, answer: 'BD', score: null },
      { questionNo: 3, answer: null, score: 9 },
    ]);
    expect(again.body.data.status).toBe('modified');
    expect(again.body.data.score).toBe(19);
  });

  it('basic: counts, averages, per-question rates and the distribution of the caller’s students', async () => {
    const basic = await ok<ReportBasic>('teacher', 'reportBasic', { id: homeworkId, ...all });
    const expected = (
      await server.db.selectFrom('students').select('id').where('class_id', '=', classId).execute()
    ).length;
    expect(basic.targets.map((t) => t.id)).toEqual([classId]);
    expect(basic).toMatchObject({
      fullMarks: 20,
      expected,
      submitted: 3,
      corrected: 2,
      average: 16.25,
      highest: 19,
      lowest: 13.5,
      scoreRate: 0.8125,
    });
    expect(basic.questions[0]).toMatchObject({ scored: 3, right: 2, wrong: 1, scoreRate: 0.6667 });
    expect(basic.questions[2]).toMatchObject({ scored: 2, right: 0, wrong: 2, average: 7.5 });
    // 13.5/20 = 67.5 % and 19/20 = 95 %.
    expect(basic.distribution).toEqual([
      { label: '60%以下', count: 0 },
      { label: '60%–70%', count: 1 },
      { label: '70%–85%', count: 0 },
      { label: '85%–100%', count: 1 },
    ]);
    expect(basic.classes).toHaveLength(1);
    // The admin sees both classes; a class not of the homework is refused.
    const admin = await ok<ReportBasic>('admin', 'reportBasic', { id: homeworkId, ...all });
    expect(admin.classes.map((c) => c.id)).toEqual([classId, otherClass]);
    const only = await ok<ReportBasic>('admin', 'reportBasic', {
      id: homeworkId,
      classId: otherClass,
      teachingClassId: null,
    });
    expect(only.submitted).toBe(0);
    expect(
      (
        await as('teacher', 'reportBasic', {
          id: homeworkId,
          classId: otherClass,
          teachingClassId: null,
        })
      ).body.code,
    ).toBe(404);
    expect((await as('lab-admin', 'reportBasic', { id: homeworkId, ...all })).body.code).toBe(404);
  });

  it('student: statuses, ranks and 对/错 counts in 学号 order', async () => {
    const rows = await ok<ReportStudentRow[]>('teacher', 'reportStudent', {
      id: homeworkId,
      ...all,
    });
    expect(rows.slice(0, 3).map((r) => [r.status, r.score, r.rank, r.right, r.wrong])).toEqual([
      ['finished', 13.5, 2, 1, 2],
      ['modified', 19, 1, 2, 1],
      ['submitted', 0, null, 0, 1],
    ]);
    expect(rows.slice(3).every((r) => r.status === 'not_submitted')).toBe(true);
  });

  it('comments per class and per student are saved, changed and cleared', async () => {
    await ok('teacher', 'saveComment', {
      id: homeworkId,
      classId,
      studentId: null,
      text: '第 3 题普遍失分，明天讲评',
    });
    await ok('teacher', 'saveComment', {
      id: homeworkId,
      classId: null,
      studentId: mine[0]!.id,
      text: '注意多选题',
    });
    await ok('teacher', 'saveComment', {
      id: homeworkId,
      classId: null,
      studentId: mine[0]!.id,
      text: '多选题要选全',
    });
    let comments = await ok<ReportComments>('teacher', 'reportComment', { id: homeworkId, ...all });
    expect(comments.classes).toEqual([
      expect.objectContaining({ classId, comment: '第 3 题普遍失分，明天讲评' }),
    ]);
    expect(comments.students[0]!.comment).toBe('多选题要选全');
    await ok('teacher', 'saveComment', {
      id: homeworkId,
      classId: null,
      studentId: mine[0]!.id,
      text: '  ',
    });
    comments = await ok<ReportComments>('teacher', 'reportComment', { id: homeworkId, ...all });
    expect(comments.students[0]!.comment).toBeNull();
    const both = await as('teacher', 'saveComment', {
      id: homeworkId,
      classId,
      studentId: mine[0]!.id,
      text: 'x',
    });
    expect(both.body.msg).toBe('请选择一个班级或一名学生');
    const outside = await as('teacher', 'saveComment', {
      id: homeworkId,
      classId: otherClass,
      studentId: null,
      text: 'x',
    });
    expect(outside.body.code).toBe(404);
  });

  it('a student’s analysis carries the rubric items and annotations; wrong lists the 错 questions', async () => {
    const { items } = await ok<{ items: RubricItem[] }>('teacher', 'saveRubricItem', {
      id: homeworkId,
      questionNo: 3,
      label: '步骤不完整',
      points: -3,
    });
    const row = (
      await ok<ReportStudentRow[]>('teacher', 'reportStudent', { id: homeworkId, ...all })
    )[0]!;
    await ok('teacher', 'applyRubric', {
      submissionId: row.submissionId,
      questionNo: 3,
      rubricItemIds: [items[0]!.id],
    });
    await ok('teacher', 'annotate', {
      submissionId: row.submissionId,
      questionNo: 3,
      kind: 'text',
      x: 0.5,
      y: 0.4,
      size: 0.05,
      text: '漏了定义域',
    });
    const analysis = await ok<StudentHomeworkReport>('teacher', 'studentAnalysis', {
      id: homeworkId,
      studentId: mine[0]!.id,
    });
    expect(analysis.score).toBe(14.5);
    expect(analysis.status).toBe('modified');
    const q3 = analysis.questions[2]!;
    expect(q3).toMatchObject({ score: 7, judgement: 'wrong' });
    expect(q3.rubricItems).toEqual([{ label: '步骤不完整', points: -3 }]);
    expect(q3.annotations).toEqual([
      expect.objectContaining({ kind: 'text', text: '漏了定义域', x: 0.5, y: 0.4 }),
    ]);
    // Question 1 scored 5, 5 and 0 across the three hand-ins (one still 待批改).
    expect(analysis.questions[0]).toMatchObject({
      studentAnswer: 'A',
      judgement: 'right',
      classScoreRate: 0.6667,
    });
    const wrong = await ok<StudentHomeworkReport>('teacher', 'studentWrong', {
      id: homeworkId,
      studentId: mine[0]!.id,
    });
    expect(wrong.questions.map((q) => q.label)).toEqual(['2', '3']);
    expect(
      (await as('teacher', 'studentAnalysis', { id: homeworkId, studentId: others[0]!.id })).body
        .code,
    ).toBe(404);
  });

  it('statistics of errors and knowledge points', async () => {
    const errors = await ok<ErrorStatistics>('teacher', 'errorStatistics', {
      id: homeworkId,
      ...all,
    });
    expect(errors.questions[0]).toMatchObject({ scored: 3, wrong: 1, wrongRate: 0.3333 });
    expect(errors.questions[0]!.choices).toEqual([
      { answer: 'A', count: 2 },
      { answer: 'C', count: 1 },
    ]);
    expect(errors.questions[0]!.wrongStudents.map((s) => s.studentId)).toEqual([mine[2]!.id]);
    const points = await ok<{ untagged: number; points: unknown[] }>(
      'teacher',
      'knowledgeStatistics',
      { id: homeworkId, ...all },
    );
    // A paper's questions carry no knowledge points until the teacher tags them (questionPoints.test.ts).
    expect(points).toEqual({ untagged: 3, points: [] });
  });

  it('the teaching classes the caller may set homework for', async () => {
    const rows = await ok<TeachingClassItem[]>('admin', 'teachingClasses', {
      gradeId: null,
      subjectId: null,
    });
    const inDb = await server.db
      .selectFrom('teaching_classes')
      .select('id')
      .where('school_id', '=', server.seed.demoSchoolId)
      .execute();
    expect(rows.length).toBe(inDb.length);
    expect(
      (await as('lab-admin', 'teachingClasses', { gradeId: null, subjectId: null })).body.code,
    ).not.toBe(500);
  });

  it('the 错题本 (学生错题 detail) lists the student’s wrong homework questions', async () => {
    const detail = await ok<{
      homework: { homeworkName: string; label: string; score: number; rubricItems: string[] }[];
    }>('teacher', 'studentWrongDetail', {
      studentId: mine[0]!.id,
      subjectName: '',
      dateFrom: '',
      dateTo: '',
    });
    expect(detail.homework.map((h) => [h.homeworkName, h.label, h.score, h.rubricItems])).toEqual([
      ['函数练习', '2', 2.5, []],
      ['函数练习', '3', 7, ['步骤不完整']],
    ]);
    // Another subject: none. A hand-in still 待批改 shows the questions already judged 错.
    const english = await ok<{ homework: unknown[] }>('teacher', 'studentWrongDetail', {
      studentId: mine[0]!.id,
      subjectName: '英语',
      dateFrom: '',
      dateTo: '',
    });
    expect(english.homework).toEqual([]);
    const third = await ok<{ homework: { label: string; score: number }[] }>(
      'teacher',
      'studentWrongDetail',
      {
        studentId: mine[2]!.id,
        subjectName: '',
        dateFrom: '',
        dateTo: '',
      },
    );
    expect(third.homework.map((h) => [h.label, h.score])).toEqual([['1', 0]]);
    const before = await ok<{ homework: unknown[] }>('teacher', 'studentWrongDetail', {
      studentId: mine[0]!.id,
      subjectName: '',
      dateFrom: '2020-01-01',
      dateTo: '2020-12-31',
    });
    expect(before.homework).toEqual([]);
  });
});
