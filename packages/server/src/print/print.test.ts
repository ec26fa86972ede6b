import {
  examPrintDownloads,
  examRoutes,
  examPrintRoutes,
  messageRoutes,
  type DataOf,
  type Page,
  type PrintExam,
  type PrintPlan,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExam, gradeOf, MATH_QUESTIONS, type GradeInfo } from '../exam/testKit';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

type Notice = { id: number; title: string; body: string; link: string; read: boolean };

describe.each(DIALECTS)('试卷印刷 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  let grade: GradeInfo;
  let examId: number;
  let class1: number;
  let class2: number;
  let subjects: Record<string, number>;
  let teacherId: number;

  const as = <T>(who: string, route: keyof typeof examPrintRoutes, body: Record<string, unknown>) =>
    call<T>(server.app, examPrintRoutes[route], { token: tokens[who] ?? '', body });
  const task = (plan: PrintPlan, subject: string, classId: number) =>
    plan.tasks.find((t) => t.subjectName === subject && t.classId === classId);

  beforeAll(async () => {
    for (const who of ['admin', 'teacher', 'head', 'gradelead', 'grader', 'lab-admin']) {
      const info = await signIn(server.app, who);
      tokens[who] = info.token;
      if (who === 'teacher') teacherId = Number(info.userId);
    }
    const demo = server.seed.demoSchoolId;
    grade = await gradeOf(server.db, demo);
    class1 = grade.classIds[0]!;
    // A second class of 高一 that the 任课教师 and the 班主任 do not have.
    const { id } = await server.db
      .insertInto('classes')
      .values({ grade_id: grade.gradeId, name: '高一(2)班' })
      .returning('id')
      .executeTakeFirstOrThrow();
    class2 = id;
    await server.db
      .insertInto('students')
      .values(
        ['甲同学', '乙同学', '丙同学'].map((name, i) => ({
          school_id: demo,
          class_id: class2,
          student_no: `20261002${String(i + 1).padStart(2, '0')}`,
          name,
          tel: null,
        })),
      )
      .execute();
    const first = grade.students[0]!;
    const exam = await createExam(server, tokens.admin!, grade, {
      name: '印刷测试考试',
      subjects: [
        { subjectCode: '数学', subjectName: '数学', fullMarks: 100 },
        { subjectCode: '语文', subjectName: '语文', fullMarks: 100 },
        { subjectCode: '物理', subjectName: '物理', fullMarks: 100, elective: true },
      ],
      classIds: [class1, class2],
      electives: [{ studentId: first.id, subjectCodes: ['物理'] }],
    });
    examId = exam.id;
    subjects = Object.fromEntries(exam.subjects.map((s) => [s.subjectName, s.id]));
  });

  it('get: each class needs its students plus 2 spare of every subject it sits; 选考 only for who chose it', async () => {
    const r = await as<PrintPlan>('admin', 'printGet', { examId });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const plan = r.body.data;
    expect(plan.manager).toBe(true);
    expect(plan.spare).toBe(2);
    expect(plan.tasks.map((t) => [t.subjectName, t.className, t.students, t.paperCopies])).toEqual([
      ['数学', '高一(1)班', 5, 7],
      ['数学', '高一(2)班', 3, 5],
      ['语文', '高一(1)班', 5, 7],
      ['语文', '高一(2)班', 3, 5],
      ['物理', '高一(1)班', 1, 3],
    ]);
    // No answer sheet saved yet: nothing to print of it.
    expect(plan.tasks.every((t) => t.sheetCopies === 0 && !t.hasSheet)).toBe(true);
    expect(plan.tasks.every((t) => t.state === 'pending' && t.printerId === null)).toBe(true);
    expect(plan.printers.map((p) => p.nickName)).toContain('李老师');
    expect(plan.exam).toMatchObject({ examName: '印刷测试考试', taskCount: 5, printedCount: 0 });
  });

  it('save: a manager sets the spare and assigns a printer; others are refused', async () => {
    const saved = await as<PrintPlan>('admin', 'printSave', {
      examId,
      spare: 3,
      printers: [{ examSubjectId: subjects['语文'], classId: class2, printerId: teacherId }],
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.spare).toBe(3);
    expect(task(saved.body.data, '数学', class1)!.paperCopies).toBe(8);
    expect(task(saved.body.data, '语文', class2)).toMatchObject({
      printerId: teacherId,
      printerName: '李老师',
    });
    const refused = await as('teacher', 'printSave', { examId, spare: 9 });
    expect([refused.body.code, refused.body.msg]).toEqual([403, '只有考试管理者可以安排印刷']);
    const wrongTask = await as('admin', 'printSave', {
      examId,
      printers: [{ examSubjectId: subjects['物理'], classId: class2, printerId: teacherId }],
    });
    expect([wrongTask.body.code, wrongTask.body.msg]).toEqual([400, '印刷任务不存在']);
  });

  it('teachers see only their own classes’ tasks and those they print', async () => {
    const teacher = (await as<PrintPlan>('teacher', 'printGet', { examId })).body.data;
    expect(teacher.manager).toBe(false);
    expect(teacher.printers).toEqual([]);
    expect(teacher.tasks.map((t) => [t.subjectName, t.className, t.canMark])).toEqual([
      ['数学', '高一(1)班', false],
      ['语文', '高一(2)班', true],
    ]);
    const head = (await as<PrintPlan>('head', 'printGet', { examId })).body.data;
    expect(head.tasks.map((t) => `${t.subjectName}${t.className}`)).toEqual([
      '数学高一(1)班',
      '语文高一(1)班',
      '物理高一(1)班',
    ]);
    // 年级主任 of 高二: not their grade's exam, neither listed nor readable.
    const other = await as('gradelead', 'printGet', { examId });
    expect(other.body.code).toBe(403);
    const list = await as<Page<PrintExam>>('gradelead', 'printList', {});
    expect(list.body.data.list.map((e) => e.examId)).not.toContain(examId);
    // No Exam-Print key at all.
    expect((await as('grader', 'printGet', { examId })).body.code).toBe(403);
  });

  it('another school’s exam answers as missing on every call', async () => {
    for (const route of ['printGet', 'printSave', 'informTeaFinish'] as const) {
      const r = await as('lab-admin', route, { examId });
      expect([r.body.code, r.body.msg], route).toEqual([404, '考试不存在']);
    }
    const mark = await as('lab-admin', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['数学'], classId: class1 }],
      printed: true,
    });
    expect(mark.body.code).toBe(404);
    const list = await as<Page<PrintExam>>('lab-admin', 'printList', {});
    expect(list.body.data.list.map((e) => e.examId)).not.toContain(examId);
  });

  it('mark: the printer marks their task; a task they do not print is refused', async () => {
    const refused = await as('teacher', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['数学'], classId: class1 }],
      printed: true,
    });
    expect([refused.body.code, refused.body.msg]).toEqual([
      403,
      '只有该任务的印刷老师或考试管理者可以标记',
    ]);
    server.clock.advance(60_000);
    const marked = await as<PrintPlan>('teacher', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['语文'], classId: class2 }],
      printed: true,
    });
    expect(marked.body.code, JSON.stringify(marked.body)).toBe(200);
    const done = task(marked.body.data, '语文', class2)!;
    expect(done.state).toBe('printed');
    expect(done.printedAt).toBe(server.clock.now().getTime());
    // Marking it again keeps the first time.
    server.clock.advance(60_000);
    const again = await as<PrintPlan>('teacher', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['语文'], classId: class2 }],
      printed: true,
    });
    expect(task(again.body.data, '语文', class2)!.printedAt).toBe(done.printedAt);
  });

  it('inform_tea_finish tells the class’s subject teacher and 班主任 once, with their own classes', async () => {
    const marked = await as<PrintPlan>('admin', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['数学'], classId: class1 }],
      printed: true,
    });
    expect(marked.body.code).toBe(200);
    const told = await as<{ teachers: number; tasks: number }>('admin', 'informTeaFinish', {
      examId,
    });
    expect(told.body.code, JSON.stringify(told.body)).toBe(200);
    // 数学 高一(1): 李老师 (teaches it) and 陈班主任 (班主任); 语文 高一(2) has no teacher.
    expect(told.body.data).toEqual({ teachers: 2, tasks: 2 });
    for (const who of ['teacher', 'head']) {
      const notices = (await as<Notice[]>(who, 'printNotices', {})).body.data;
      expect(notices, who).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: '试卷已印好：印刷测试考试',
        body: '高一(1)班 数学：试卷 8 份。请到文印室领取。',
        link: `/exam/print?examId=${examId}`,
        read: false,
      });
      // The notice is the teacher's own message in 消息通知 (kind 试卷印好).
      const inbox = await call<DataOf<typeof messageRoutes.list>>(server.app, messageRoutes.list, {
        token: tokens[who]!,
        body: { pageNum: 1, pageSize: 20 },
      });
      expect(inbox.body.data.list.filter((m) => m.kind === 'print_ready')).toEqual([
        expect.objectContaining({
          id: notices[0]!.id,
          title: '试卷已印好：印刷测试考试',
          content: '高一(1)班 数学：试卷 8 份。请到文印室领取。',
          link: `/exam/print?examId=${examId}`,
          read: false,
        }),
      ]);
    }
    expect((await as<Notice[]>('gradelead', 'printNotices', {})).body.data).toEqual([]);
    const plan = (await as<PrintPlan>('admin', 'printGet', { examId })).body.data;
    expect(plan.exam).toMatchObject({ printedCount: 2, informedCount: 2 });
    // A second call tells nobody twice.
    const twice = await as('admin', 'informTeaFinish', { examId });
    expect([twice.body.code, twice.body.msg]).toEqual([400, '没有已打印且未通知的印刷任务']);
    expect((await as<Notice[]>('teacher', 'printNotices', {})).body.data).toHaveLength(1);
  });

  it('back to 待打印 clears the notice mark, so the next print is told again', async () => {
    const back = await as<PrintPlan>('admin', 'printMark', {
      examId,
      tasks: [{ examSubjectId: subjects['数学'], classId: class1 }],
      printed: false,
    });
    expect(task(back.body.data, '数学', class1)).toMatchObject({
      state: 'pending',
      printedAt: null,
      informedAt: null,
    });
    const list = await as<Page<PrintExam>>('teacher', 'printList', {});
    expect(list.body.data.list.find((e) => e.examId === examId)).toMatchObject({
      taskCount: 2,
      printedCount: 1,
      informedCount: 1,
    });
  });

  it('the answer sheet of a task downloads as PDF for whoever sees the task, once it is saved', async () => {
    const sheet = (who: string, subject: string, classId: number) =>
      server.app.inject({
        method: 'GET',
        url: `${examPrintDownloads.sheetPdf}?examId=${examId}&examSubjectId=${subjects[subject]}&classId=${classId}`,
        headers: { token: tokens[who] ?? '' },
      });
    const before = await sheet('teacher', '数学', class1);
    expect(before.json()).toMatchObject({ code: 400, msg: '该科目还没有保存答题卡' });
    for (const route of [examRoutes.questionsSave, examRoutes.sheetSave]) {
      const r = await call(server.app, route, {
        token: tokens.admin!,
        body:
          route === examRoutes.sheetSave
            ? { examSubjectId: subjects['数学'], settings: {} }
            : { examSubjectId: subjects['数学'], questions: MATH_QUESTIONS },
      });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    }
    const pdf = await sheet('teacher', '数学', class1);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // 数学 of 高一(2) is not the teacher's class: as missing as a task that does not exist.
    expect((await sheet('teacher', '数学', class2)).json()).toMatchObject({ code: 404 });
    expect((await sheet('lab-admin', '数学', class1)).json()).toMatchObject({ code: 404 });
    const plan = (await as<PrintPlan>('admin', 'printGet', { examId })).body.data;
    expect(task(plan, '数学', class1)).toMatchObject({ hasSheet: true, sheetCopies: 8 });
  });
});
