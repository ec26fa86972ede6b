import {
  administrationRoutes,
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkOnlineRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type HomeworkOnlineState,
  type OnlineHomeworkResult,
  type ReportStudentRow,
  type SubmissionDetail,
  type StudentHomework,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_NOW } from '../../test/fixtures';
import { sharedTestServer } from '../../test/sharedServer';
import { assignedHomework, gradeOnePair, homeworkCallers, TEST_PAPER_PDF } from '../testKit';
import {
  HOMEWORK_CORRECTED,
  HOMEWORK_ENTRY_REFUSED,
  HOMEWORK_TICKET_REFUSED,
  pastDueNoLate,
  pastLate,
} from './routes';

const routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkReportRoutes,
  ...homeworkOnlineRoutes,
  homeworkSettingsSave: administrationRoutes.homeworkSettingsSave,
};

/** A 1×1 PNG: the photo of a written answer. */
const PHOTO =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(DIALECTS)('作业在线作答 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const { as, ok, signInAll, tokens } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let code: string;
  let students: { id: number; student_no: string; name: string }[];
  let outsider: string;
  let pair: Awaited<ReturnType<typeof gradeOnePair>>;

  const enter = (studentNo: string, c = code) =>
    as<StudentHomework>('student', 'onlineEnter', { code: c, studentNo });
  const submit = (ticket: string, answers: unknown[]) =>
    as<OnlineHomeworkResult>('student', 'onlineSubmit', { ticket, answers });

  beforeAll(async () => {
    await signInAll('admin', 'teacher', 'lab-admin');
    pair = await gradeOnePair(ok, 'teacher', '数学');
    const classes = pair.targets.filter((t) => t.kind === 'class');
    const classId = classes[0]!.id;
    students = await server.db
      .selectFrom('students')
      .select(['id', 'student_no', 'name'])
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .limit(3)
      .execute();
    const other = await server.db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select('s.student_no')
      .where('s.school_id', '=', server.seed.demoSchoolId)
      .where('s.class_id', '!=', classId)
      .executeTakeFirstOrThrow();
    outsider = other.student_no;
    homeworkId = await assignedHomework(ok, {
      name: '在线练习',
      pair,
      classIds: [classId],
      idempotencyKey: `online-${dialect}`,
    });
  });

  it('hands a homework out on screen with a 作业码, only to its school', async () => {
    expect(await ok<HomeworkOnlineState>('teacher', 'onlineState', { id: homeworkId })).toEqual({
      id: homeworkId,
      code: null,
    });
    const opened = await ok<HomeworkOnlineState>('teacher', 'onlineOpen', {
      id: homeworkId,
      open: true,
    });
    expect(opened.code).toMatch(/^[A-Z2-9]{8}$/);
    code = opened.code!;
    // Opening again keeps the code the students were given.
    expect(
      (await ok<HomeworkOnlineState>('admin', 'onlineOpen', { id: homeworkId, open: true })).code,
    ).toBe(code);
    const foreign = await as('lab-admin', 'onlineOpen', { id: homeworkId, open: true });
    expect(foreign.body.code).toBe(404);
    expect((await as('lab-admin', 'onlineState', { id: homeworkId })).body.code).toBe(404);
  });

  it('lets in the assigned students only, with the questions and the paper', async () => {
    for (const [c, no] of [
      ['WRONGCOD', students[0]!.student_no],
      [code, '0000000000'],
      [code, outsider],
    ] as const) {
      const refused = await enter(no, c);
      expect(refused.body.code).toBe(404);
      expect(refused.body.msg).toBe(HOMEWORK_ENTRY_REFUSED);
    }
    const r = await enter(` ${students[0]!.student_no} `, code.toLowerCase());
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const page = r.body.data;
    expect(page).toMatchObject({
      name: '在线练习',
      subjectName: '数学',
      studentName: students[0]!.name,
      source: 'paper',
      dueAt: TEST_NOW.getTime() + 86_400_000,
      submission: null,
    });
    expect(
      page.questions.map((q) => [q.label, q.type, q.choice, q.optionCount, q.fullMarks]),
    ).toEqual([
      ['1', 'objective', 'single', 4, 5],
      ['2', 'objective', 'multiple', 4, 5],
      ['3', 'subjective', null, 0, 10],
    ]);
    // The key never reaches the student page.
    expect(JSON.stringify(page)).not.toContain('"BD"');
    const paper = await as<{ contentBase64: string }>('student', 'onlinePaper', {
      ticket: page.ticket,
    });
    expect(paper.body.data.contentBase64).toBe(TEST_PAPER_PDF);
  });

  it('scores objective answers at once, replaces a hand-in before correction, shows 在线 in the report', async () => {
    const { ticket } = (await enter(students[1]!.student_no)).body.data;
    const first = await submit(ticket, [
      { questionNo: 1, answer: 'A' },
      { questionNo: 2, answer: 'B' },
      { questionNo: 3, answer: '设 x=2，代入得 4', photoBase64: PHOTO },
    ]);
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'submitted',
      objectiveScore: 7.5,
      objectiveFull: 10,
      pendingMarks: 10,
      replaceable: true,
    });
    expect(first.body.data.answers[2]).toEqual({
      questionNo: 3,
      answer: '设 x=2，代入得 4',
      photo: true,
    });
    const again = [
      { questionNo: 1, answer: 'c' },
      { questionNo: 2, answer: 'DB' },
      { questionNo: 3, answer: '答案是 4' },
    ];
    const second = await submit(ticket, again);
    expect(second.body.data.objectiveScore).toBe(5);
    expect(second.body.data.answers.map((a) => a.answer)).toEqual(['C', 'BD', '答案是 4']);
    const retry = await submit(ticket, again);
    expect(retry.body.data).toEqual(second.body.data);
    const subs = await server.db
      .selectFrom('homework_submissions')
      .selectAll()
      .where('homework_id', '=', homeworkId)
      .where('student_id', '=', students[1]!.id)
      .execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]!.source).toBe('online');

    const rows = await ok<ReportStudentRow[]>('teacher', 'reportStudent', {
      id: homeworkId,
      classId: null,
      teachingClassId: null,
    });
    const row = rows.find((x) => x.studentId === students[1]!.id)!;
    expect(row).toMatchObject({ source: 'online', status: 'submitted' });
    // 录入 leaves an on-screen hand-in to the correction screen.
    const typed = await as('teacher', 'manualSave', {
      id: homeworkId,
      studentId: students[1]!.id,
      answers: [],
    });
    expect(typed.body.msg).toBe('该学生已在线提交，请在批改页修改得分');
    await ok('teacher', 'onlineState', { id: homeworkId });

    // The correction screen shows the written answer and the photo, like a scanned crop.
    const first3 = await submit(ticket, [
      ...again.slice(0, 2),
      { questionNo: 3, answer: '答案是 4', photoBase64: PHOTO },
    ]);
    expect(first3.body.data.answers[2]!.photo).toBe(true);
    const detail = await ok<SubmissionDetail>('teacher', 'submission', {
      submissionId: row.submissionId,
    });
    expect(detail.source).toBe('online');
    expect(detail.answers.map((a) => [a.questionNo, a.answer, a.score, a.hasImage])).toEqual([
      [1, 'C', 0, false],
      [2, 'BD', 5, false],
      [3, '答案是 4', null, true],
    ]);
    const crop = await server.app.inject({
      method: 'GET',
      url: `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${row.submissionId}&questionNo=3`,
      headers: { token: tokens.teacher! },
    });
    expect(crop.statusCode).toBe(200);
    expect(crop.rawPayload.toString('base64')).toBe(PHOTO);

    // Entering again shows the hand-in; the old ticket no longer works.
    const back = (await enter(students[1]!.student_no)).body.data;
    expect(back.submission?.objectiveScore).toBe(5);
    expect((await submit(ticket, again)).body.msg).toBe(HOMEWORK_TICKET_REFUSED);

    // Once the teacher scores the written answer, the hand-in stays as corrected.
    await ok('teacher', 'score', { submissionId: row.submissionId, questionNo: 3, score: 8 });
    const late = await submit(back.ticket, again);
    expect(late.body.code).toBe(400);
    expect(late.body.msg).toBe(HOMEWORK_CORRECTED);
    const seen = (await enter(students[1]!.student_no)).body.data.submission!;
    expect(seen).toMatchObject({ status: 'finished', replaceable: false, pendingMarks: 0 });
  });

  it('refuses wrong options and a photo for a choice', async () => {
    const { ticket } = (await enter(students[2]!.student_no)).body.data;
    expect((await submit(ticket, [{ questionNo: 1, answer: 'Z' }])).body.msg).toBe(
      '第 1 题的选项不正确',
    );
    // 第 1 题 is a 单选: one option only.
    expect((await submit(ticket, [{ questionNo: 1, answer: 'AB' }])).body.msg).toBe(
      '第 1 题的选项不正确',
    );
    expect((await submit(ticket, [{ questionNo: 9, answer: 'A' }])).body.msg).toBe('题目 9 不存在');
    expect(
      (await submit(ticket, [{ questionNo: 1, answer: null, photoBase64: PHOTO }])).body.msg,
    ).toBe('第 1 题是客观题，请选择选项');
  });

  it('作业设置 允许迟交 decides a hand-in after the due time: refused when off, 迟交 when on', async () => {
    const allowLate = (on: boolean) =>
      ok('admin', 'homeworkSettingsSave', {
        items: [
          {
            gradeId: pair.gradeId,
            subjectId: pair.subjectId,
            enabled: true,
            deadlineTime: '22:00',
            allowLate: on,
            correctionMode: 'auto',
          },
        ],
      });
    const setDue = (due: number) =>
      server.db
        .updateTable('homework_assignments')
        .set({ due_at: due })
        .where('homework_id', '=', homeworkId)
        .execute();
    const handIns = () =>
      server.db
        .selectFrom('homework_submissions')
        .select(['id', 'late'])
        .where('student_id', '=', students[2]!.id)
        .where('homework_id', '=', homeworkId)
        .execute();
    const due = TEST_NOW.getTime() - 60_000;
    await setDue(due);

    // 允许迟交 off: a minute after the due time the hand-in is refused, nothing is kept.
    await allowLate(false);
    const closed = (await enter(students[2]!.student_no)).body.data;
    expect(closed.lateUntil).toBeNull();
    const refused = await submit(closed.ticket, [{ questionNo: 1, answer: 'A' }]);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toBe(pastDueNoLate(due));
    expect(refused.body.msg).toContain('不允许迟交');
    expect(await handIns()).toHaveLength(0);

    // 允许迟交 on (允许补交天数 3 by default): past the 3 days still refused …
    await allowLate(true);
    const longAgo = TEST_NOW.getTime() - 4 * 24 * 3600_000;
    await setDue(longAgo);
    const tooLate = await submit(closed.ticket, [{ questionNo: 1, answer: 'A' }]);
    expect(tooLate.body.msg).toBe(pastLate(longAgo + 3 * 24 * 3600_000));
    expect(await handIns()).toHaveLength(0);

    // … a minute after the due time the same hand-in is taken and marked 迟交.
    await setDue(due);
    const open = (await enter(students[2]!.student_no)).body.data;
    expect(open.lateUntil).toBe(due + 3 * 24 * 3600_000);
    const taken = await submit(open.ticket, [{ questionNo: 1, answer: 'A' }]);
    expect(taken.body.code, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data).toMatchObject({ late: true, replaceable: true });
    expect(await handIns()).toEqual([expect.objectContaining({ late: 1 })]);
    const rows = await ok<ReportStudentRow[]>('teacher', 'reportStudent', {
      id: homeworkId,
      classId: null,
      teachingClassId: null,
    });
    const row = rows.find((x) => x.studentId === students[2]!.id)!;
    expect(row).toMatchObject({ source: 'online', late: true });
    // An on-time hand-in is not 迟交.
    expect(rows.find((x) => x.studentId === students[1]!.id)).toMatchObject({
      source: 'online',
      late: false,
    });
  });

  it('closing the hand-out ends the tickets', async () => {
    const { ticket } = (await enter(students[0]!.student_no)).body.data;
    expect(
      (await ok<HomeworkOnlineState>('teacher', 'onlineOpen', { id: homeworkId, open: false }))
        .code,
    ).toBeNull();
    expect((await submit(ticket, [])).body.msg).toBe(HOMEWORK_TICKET_REFUSED);
    expect((await enter(students[0]!.student_no)).body.msg).toBe(HOMEWORK_ENTRY_REFUSED);
  });
});
