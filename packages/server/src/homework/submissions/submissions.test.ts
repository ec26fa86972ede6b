import {
  homeworkRoutes,
  homeworkSubmissionRoutes,
  HOMEWORK_SUBMISSION_IMAGE_URL,
  type Annotation,
  type CorrectionOverview,
  type HomeworkScanOverview,
  type HomeworkScanPage,
  type RubricItem,
  type SubmissionDetail,
} from '@examkit/contracts';
import { type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import {
  addOuterClass,
  assignedHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
  TEST_PAPER_PDF,
} from '../testKit';

type Routes = typeof homeworkRoutes & typeof homeworkSubmissionRoutes;
const routes: Routes = { ...homeworkRoutes, ...homeworkSubmissionRoutes };

describe.each(DIALECTS)('作业提交与批改 on %s', (dialect) => {
  let server: TestServer;
  const { tokens, as, ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let ct: CorpusTemplate;
  /** Students of the teacher's class, and of a class that is only the admin's. */
  let mine: { id: number; no: string; name: string }[];
  let others: { id: number; no: string; name: string }[];

  const scan = (studentNo: string, answers: Record<string, string>) =>
    filledScan(ct, studentNo, answers);
  const upload = (who: string, contentBase64: string, fileName = 'scan.png') =>
    ok<HomeworkScanPage>(who, 'scanUpload', { id: homeworkId, fileName, contentBase64 });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    const teacherClasses = pair.targets.filter((t) => t.kind === 'class').map((t) => t.id);
    // A class of the grade that is not the teacher's (the admin's to correct).
    const otherClass = await addOuterClass(server, pair.gradeId, 3);
    const studentsOf = async (classId: number) =>
      (
        await server.db
          .selectFrom('students')
          .select(['id', 'student_no as no', 'name'])
          .where('class_id', '=', classId)
          .orderBy('student_no')
          .limit(3)
          .execute()
      ).map((s) => ({ ...s }));
    mine = await studentsOf(teacherClasses[0]!);
    others = await studentsOf(otherClass);
    homeworkId = await assignedHomework(ok, {
      name: '函数练习',
      pair,
      classIds: [teacherClasses[0]!, otherClass],
      idempotencyKey: `submissions-${dialect}`,
    });
    ct = await homeworkSheet(server, homeworkId, '数学');
  }, 120_000);
  afterAll(() => server.close());

  it('refuses scans and correction of homework not assigned yet', async () => {
    const assigned = await server.db
      .selectFrom('homeworks')
      .select(['grade_id', 'subject_id'])
      .where('id', '=', homeworkId)
      .executeTakeFirstOrThrow();
    const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: '未布置',
      gradeId: assigned.grade_id,
      subjectId: assigned.subject_id,
      paper: { fileName: '练习.pdf', contentBase64: TEST_PAPER_PDF },
      idempotencyKey: `unassigned-${dialect}`,
    });
    expect((await as('admin', 'correctOverview', { id })).body).toMatchObject({
      code: 404,
      msg: '作业还未布置，没有可批改的提交',
    });
  });

  it('recognises a scanned sheet by 学号, scores the objective questions at once, and a retry changes nothing', async () => {
    const file = await scan(mine[0]!.no, { h1: 'A', h2: 'B' });
    const page = await upload('teacher', file);
    expect(page).toMatchObject({ status: 'matched', studentName: mine[0]!.name, reason: null });
    const again = await upload('teacher', file);
    expect(again.id).toBe(page.id);
    const detail = await ok<SubmissionDetail>('teacher', 'submission', {
      submissionId: page.submissionId,
    });
    expect(detail).toMatchObject({
      status: 'submitted',
      source: 'scan',
      score: 7.5,
      hasImage: true,
    });
    expect(detail.answers.map((a) => [a.answer, a.score, a.judgement])).toEqual([
      ['A', 5, 'right'],
      ['B', 2.5, 'wrong'],
      [null, null, null],
    ]);
    expect(detail.answers[2]!.hasImage).toBe(true);
    const crop = await server.app.inject({
      method: 'GET',
      url: `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${page.submissionId}&questionNo=3`,
      headers: { token: tokens.teacher! },
    });
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/png');
    expect(crop.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('lists an unknown 学号 and a student outside the teacher’s classes as exceptions; one is handed to a student', async () => {
    const unknown = await upload(
      'teacher',
      await scan('9'.repeat(mine[0]!.no.length), { h1: 'C' }),
      'unknown.png',
    );
    expect(unknown).toMatchObject({ status: 'exception', submissionId: null });
    expect(unknown.reason).toContain('不是本作业布置的学生');
    const outside = await upload('teacher', await scan(others[0]!.no, { h1: 'A' }), 'other.png');
    expect(outside.status).toBe('exception');
    const list = await ok<HomeworkScanOverview>('teacher', 'scanList', { id: homeworkId });
    expect(list).toMatchObject({ openExceptions: 2, submitted: 1 });
    expect(list.expected).toBe(
      Number(
        (
          await server.db
            .selectFrom('students')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(
              'class_id',
              '=',
              (
                await server.db
                  .selectFrom('students')
                  .select('class_id')
                  .where('id', '=', mine[0]!.id)
                  .executeTakeFirstOrThrow()
              ).class_id,
            )
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    // A student of another teacher's class is not this teacher's to take.
    expect(
      (await as('teacher', 'scanResolve', { pageId: unknown.id, studentId: others[1]!.id })).body,
    ).toMatchObject({ code: 404, msg: '学生不存在' });
    const resolved = await ok<HomeworkScanPage>('teacher', 'scanResolve', {
      pageId: unknown.id,
      studentId: mine[1]!.id,
    });
    expect(resolved).toMatchObject({ status: 'resolved', studentName: mine[1]!.name });
    expect(
      (await as('teacher', 'scanResolve', { pageId: unknown.id, studentId: mine[1]!.id })).body,
    ).toMatchObject({ code: 400, msg: '该扫描页已处理，请刷新' });
    const overview = await ok<CorrectionOverview>('teacher', 'correctOverview', { id: homeworkId });
    const status = Object.fromEntries(overview.students.map((s) => [s.studentId, s.status]));
    expect(status[mine[1]!.id]).toBe('submitted');
    expect(status[mine[2]!.id]).toBe('not_submitted');
    expect(overview.students.some((s) => s.studentId === others[0]!.id)).toBe(false);
    const b = overview.students.find((s) => s.studentId === mine[1]!.id)!;
    expect(b.score).toBe(0); // 1 answered C (key A), 2 blank
  }, 60_000);

  it('scores by keyboard: finished once every question is scored, modified when changed later', async () => {
    const overview = await ok<CorrectionOverview>('teacher', 'correctOverview', { id: homeworkId });
    const a = overview.students.find((s) => s.studentId === mine[0]!.id)!;
    const over = await as('teacher', 'score', {
      submissionId: a.submissionId,
      questionNo: 3,
      score: 11,
    });
    expect(over.body).toMatchObject({ code: 400, msg: '得分不能超过满分 10 分' });
    const done = await ok<SubmissionDetail>('teacher', 'score', {
      submissionId: a.submissionId,
      questionNo: 3,
      score: 8,
    });
    expect(done).toMatchObject({
      status: 'finished',
      score: 15.5,
      correctedBy: expect.any(String),
    });
    expect(done.answers[2]).toMatchObject({ score: 8, judgement: 'wrong' });
    const same = await ok<SubmissionDetail>('teacher', 'score', {
      submissionId: a.submissionId,
      questionNo: 3,
      score: 8,
    });
    expect(same.status).toBe('finished');
    const changed = await ok<SubmissionDetail>('teacher', 'score', {
      submissionId: a.submissionId,
      questionNo: 3,
      score: 10,
    });
    expect(changed).toMatchObject({ status: 'modified', score: 17.5 });
    expect(changed.answers[2]).toMatchObject({ judgement: 'right' });
  });

  it('a rubric item changed later re-scores every answer it was applied to; deleting it too', async () => {
    const overview = await ok<CorrectionOverview>('teacher', 'correctOverview', { id: homeworkId });
    const subs = [mine[0]!, mine[1]!].map(
      (s) => overview.students.find((x) => x.studentId === s.id)!.submissionId!,
    );
    const objective = await as('teacher', 'saveRubricItem', {
      id: homeworkId,
      questionNo: 1,
      label: '错',
      points: -1,
    });
    expect(objective.body).toMatchObject({
      code: 400,
      msg: '客观题按答案自动计分，不能设置评分项',
    });
    await ok<{ items: RubricItem[] }>('teacher', 'saveRubricItem', {
      id: homeworkId,
      questionNo: 3,
      label: '计算错误',
      points: -2,
    });
    const items = (
      await ok<{ items: RubricItem[] }>('teacher', 'saveRubricItem', {
        id: homeworkId,
        questionNo: 3,
        label: '步骤不全',
        points: -3,
      })
    ).items;
    const [calc, steps] = items;
    const first = await ok<SubmissionDetail>('teacher', 'applyRubric', {
      submissionId: subs[0],
      questionNo: 3,
      rubricItemIds: [calc!.id],
    });
    expect(first.answers[2]).toMatchObject({ score: 8, rubricItemIds: [calc!.id] });
    const second = await ok<SubmissionDetail>('teacher', 'applyRubric', {
      submissionId: subs[1],
      questionNo: 3,
      rubricItemIds: [calc!.id, steps!.id],
      adjustment: 1,
    });
    expect(second.answers[2]).toMatchObject({ score: 6 });
    // Its objective questions were scored by the scan (C and blank: 0), so it is finished now.
    expect(second).toMatchObject({ status: 'finished', score: 6 });
    const changed = await ok<{ items: RubricItem[]; rescored: number }>(
      'teacher',
      'saveRubricItem',
      {
        id: homeworkId,
        questionNo: 3,
        itemId: calc!.id,
        label: '计算错误',
        points: -4,
      },
    );
    expect(changed.rescored).toBe(2);
    expect(changed.items.find((i) => i.id === calc!.id)).toMatchObject({ points: -4, usedBy: 2 });
    const a = await ok<SubmissionDetail>('teacher', 'submission', { submissionId: subs[0] });
    const b = await ok<SubmissionDetail>('teacher', 'submission', { submissionId: subs[1] });
    expect(a.answers[2]!.score).toBe(6);
    expect(a).toMatchObject({ status: 'modified', score: 13.5 });
    expect(b.answers[2]!.score).toBe(4);
    // Typing a number replaces the rubric; deleting an item re-scores the answers still using it.
    await ok('teacher', 'score', { submissionId: subs[0], questionNo: 3, score: 9 });
    const removed = await ok<{ rescored: number }>('teacher', 'removeRubricItem', {
      itemId: calc!.id,
    });
    expect(removed.rescored).toBe(1);
    const b2 = await ok<SubmissionDetail>('teacher', 'submission', { submissionId: subs[1] });
    expect(b2.answers[2]).toMatchObject({ score: 8, rubricItemIds: [steps!.id] });
    expect(
      (await ok<SubmissionDetail>('teacher', 'submission', { submissionId: subs[0] })).answers[2]!
        .score,
    ).toBe(9);
  });

  it('keeps annotations drawn on a question for the report', async () => {
    const overview = await ok<CorrectionOverview>('teacher', 'correctOverview', { id: homeworkId });
    const sub = overview.students.find((s) => s.studentId === mine[0]!.id)!.submissionId!;
    const empty = await as('teacher', 'annotate', {
      submissionId: sub,
      questionNo: 3,
      kind: 'text',
      x: 0.5,
      y: 0.5,
      size: 0.05,
      text: '  ',
    });
    expect(empty.body).toMatchObject({ code: 400, msg: '文字批注不能为空' });
    await ok('teacher', 'annotate', {
      submissionId: sub,
      questionNo: 3,
      kind: 'tick',
      x: 0.2,
      y: 0.3,
      size: 0.05,
    });
    const list = await ok<Annotation[]>('teacher', 'annotate', {
      submissionId: sub,
      questionNo: 3,
      kind: 'text',
      x: 0.6,
      y: 0.4,
      size: 0.05,
      text: '步骤再写完整',
    });
    expect(list.map((a) => [a.kind, a.text])).toEqual([
      ['tick', null],
      ['text', '步骤再写完整'],
    ]);
    const left = await ok<Annotation[]>('teacher', 'removeAnnotation', {
      annotationId: list[0]!.id,
    });
    expect(left.map((a) => a.kind)).toEqual(['text']);
    const detail = await ok<SubmissionDetail>('teacher', 'submission', { submissionId: sub });
    expect(detail.annotations).toEqual(left);
  });

  it('keeps a teacher to their classes’ hand-ins and another school out', async () => {
    const adminOther = await upload(
      'admin',
      await scan(others[0]!.no, { h1: 'A', h2: 'BD' }),
      'admin.png',
    );
    expect(adminOther.status).toBe('matched');
    const sub = adminOther.submissionId!;
    for (const who of ['teacher', 'lab-admin']) {
      expect((await as(who, 'submission', { submissionId: sub })).body).toMatchObject({
        code: 404,
        msg: '提交不存在',
      });
      expect(
        (await as(who, 'score', { submissionId: sub, questionNo: 3, score: 1 })).body.code,
      ).toBe(404);
      expect(
        (
          await as(who, 'annotate', {
            submissionId: sub,
            questionNo: 3,
            kind: 'tick',
            x: 0,
            y: 0,
            size: 0.05,
          })
        ).body.code,
      ).toBe(404);
    }
    expect((await as('lab-admin', 'correctOverview', { id: homeworkId })).body.code).toBe(404);
    expect((await as('lab-admin', 'scanList', { id: homeworkId })).body.code).toBe(404);
    const image = await server.app.inject({
      method: 'GET',
      url: `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${sub}`,
      headers: { token: tokens.teacher! },
    });
    expect(image.statusCode).not.toBe(200);
    const adminView = await ok<CorrectionOverview>('admin', 'correctOverview', { id: homeworkId });
    expect(adminView.students.find((s) => s.studentId === others[0]!.id)).toMatchObject({
      status: 'submitted',
      score: 10,
    });
  }, 60_000);
});
