import { randomBytes } from 'node:crypto';
import {
  examRoutes,
  scanRoutes,
  type ScanBatchProgress,
  type ScanException,
  type ScanReconciliation,
} from '@examkit/contracts';
import { corpusTemplate, otherPaper, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryFileStore, type FileStore } from '../core/files';
import { createExam, gradeOf, MATH_QUESTIONS, type GradeInfo } from '../exam/testKit';
import { saveBlock } from '../marking/blocks';
import {
  call,
  DIALECTS,
  signIn,
  startTestServer,
  userIdOf,
  type TestServer,
} from '../test/fixtures';
import { createScanJobHandler } from './jobs';
import { createPoolRecognizer } from './queue';
import {
  addExamStudents,
  prepareScanning,
  sha256,
  sheetFile,
  uploadBatch,
  waitForBatch,
} from './testKit';

// Recognition runs in this process in these tests (the BullMQ queue has its own test file).
vi.stubEnv('REDIS_URL', '');

describe.each(DIALECTS)('scanning on %s', (dialect) => {
  let server: TestServer;
  let files: FileStore;
  let admin: string;
  let grade: GradeInfo;
  let examId: number;
  let subjectId: number;
  let ct: CorpusTemplate;
  let q: Record<string, number>;
  let batchId: number;
  /** Students whose exam numbers are those drawn on seeds 1–5. */
  let students: GradeInfo['students'];
  const sheets: Record<number, { file: Buffer; examNumber: string }> = {};

  const exceptions = async (state: 'open' | 'resolved' | 'all' = 'open') => {
    const r = await call<{ list: ScanException[] }>(server.app, scanRoutes.exceptions, {
      token: admin,
      body: { examSubjectId: subjectId, state },
    });
    expect(r.body.code).toBe(200);
    return r.body.data.list;
  };
  const reconciliation = async () =>
    (
      await call<ScanReconciliation>(server.app, scanRoutes.reconcile, {
        token: admin,
        body: { examSubjectId: subjectId },
      })
    ).body.data;
  const scoresOf = (studentId: number) =>
    server.db
      .selectFrom('exam_scores')
      .select(['question_id', 'score', 'answer', 'source'])
      .where('exam_subject_id', '=', subjectId)
      .where('student_id', '=', studentId)
      .orderBy('question_id')
      .execute();
  const totalOf = (studentId: number) =>
    server.db
      .selectFrom('exam_subject_totals')
      .select(['score', 'absent'])
      .where('exam_subject_id', '=', subjectId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
  const resolve = (exceptionId: number, body: Record<string, unknown>) =>
    call<ScanException>(server.app, scanRoutes.resolve, {
      token: admin,
      body: { exceptionId, ...body },
    });

  beforeAll(async () => {
    files = createMemoryFileStore();
    server = await startTestServer(dialect, { files });
    admin = (await signIn(server.app, 'admin')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
    const exam = await createExam(server, admin, grade);
    examId = exam.id;
    subjectId = exam.subjects.find((s) => s.subjectCode === '数学')!.id;
    const saved = await call<{
      questions: { id: number; number: string; children: { id: number; number: string }[] }[];
    }>(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: subjectId, questions: MATH_QUESTIONS },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    q = {};
    for (const question of saved.body.data.questions) {
      q[question.number] = question.id;
      for (const child of question.children) q[question.number + child.number] = child.id;
    }
    ct = await prepareScanning(server, examId, subjectId);
    for (const seed of [1, 2, 3, 4, 5, 6, 25]) {
      const s = await sheetFile(ct, seed);
      sheets[seed] = { file: s.file, examNumber: s.truth.examNumber };
    }
    // The small demo grade may have few students: add three to the exam.
    const first = grade.students[0]!;
    grade.students.push(...(await addExamStudents(server, examId, first, 'S90', '扫描测试')));
    students = grade.students.slice(0, 8);
    for (const [i, seed] of [1, 2, 3, 4, 5].entries())
      await server.db
        .updateTable('exam_students')
        .set({ exam_no: sheets[seed]!.examNumber })
        .where('exam_id', '=', examId)
        .where('student_id', '=', students[i]!.id)
        .execute();
  }, 60_000);
  afterAll(() => server.close());

  it('refuses uploads outside scanning, without permission and from another school', async () => {
    const body = {
      examSubjectId: subjectId,
      files: [{ fileName: 'a.png', size: 10, sha256: sha256(Buffer.alloc(10)) }],
    };
    const grader = (await signIn(server.app, 'grader')).token;
    expect((await call(server.app, scanRoutes.batchCreate, { token: grader, body })).status).toBe(
      403,
    );
    const lab = (await signIn(server.app, 'lab-admin')).token;
    expect((await call(server.app, scanRoutes.batchCreate, { token: lab, body })).status).toBe(404);
    await server.db
      .updateTable('exams')
      .set({ state: 'sheet_ready' })
      .where('id', '=', examId)
      .execute();
    const refused = await call(server.app, scanRoutes.batchCreate, { token: admin, body });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: '考试不在扫描或阅卷阶段，不能上传或处理答题卡',
    });
    await server.db
      .updateTable('exams')
      .set({ state: 'scanning' })
      .where('id', '=', examId)
      .execute();
  });

  it('uploads in resumable chunks, checks every chunk and the whole file', async () => {
    const big = randomBytes(700 * 1024);
    const id = await uploadBatch(server, admin, subjectId, [{ name: 'big.pdf', data: big }], {
      complete: false,
    });
    const chunks = await call<{ files: { received: number[]; chunkCount: number }[] }>(
      server.app,
      scanRoutes.batchChunks,
      { token: admin, body: { batchId: id } },
    );
    expect(chunks.body.data.files).toEqual([{ fileIndex: 0, chunkCount: 2, received: [0, 1] }]);
    const bad = await call(server.app, scanRoutes.batchChunk, {
      token: admin,
      body: { batchId: id, index: 1, contentBase64: 'AAAA', sha256: sha256(Buffer.from('x')) },
    });
    expect(bad.body.code).toBe(400);
    const badHash = big.subarray(512 * 1024);
    const wrong = await call(server.app, scanRoutes.batchChunk, {
      token: admin,
      body: {
        batchId: id,
        index: 1,
        contentBase64: badHash.toString('base64'),
        sha256: '0'.repeat(64),
      },
    });
    expect(wrong.body).toMatchObject({
      code: 400,
      msg: '分片校验失败（SHA-256 不符），请重新上传该分片',
    });
    // A batch whose chunks are missing cannot complete.
    const partial = await call<{ batchId: number }>(server.app, scanRoutes.batchCreate, {
      token: admin,
      body: {
        examSubjectId: subjectId,
        files: [{ fileName: 'x.png', size: 5, sha256: sha256(Buffer.from('hello')) }],
      },
    });
    const early = await call(server.app, scanRoutes.batchComplete, {
      token: admin,
      body: { batchId: partial.body.data.batchId },
    });
    expect(early.body).toMatchObject({ code: 400, msg: '还有 1 个分片未上传' });
  });

  it('recognises a batch; a corrupt file and a wrong exam’s sheet end in the exception queue', async () => {
    const wrong = await sheetFile(corpusTemplate(otherPaper()), 3);
    batchId = await uploadBatch(server, admin, subjectId, [
      ...[1, 2, 3, 4, 5, 6].map((seed) => ({ name: `${seed}.png`, data: sheets[seed]!.file })),
      { name: 'again-1.png', data: sheets[1]!.file },
      { name: 'other-exam.png', data: wrong.file },
      {
        name: 'broken.jpg',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2000)]),
      },
      // The first digit of the exam number is bubbled twice.
      { name: 'unclear-number.png', data: sheets[25]!.file },
    ]);
    const progress: ScanBatchProgress = await waitForBatch(server, admin, batchId);
    const why = JSON.stringify((await exceptions()).map((e) => e.reason));
    expect(progress, why).toMatchObject({
      state: 'done',
      filesTotal: 10,
      filesDone: 10,
      pages: 10,
      duplicates: 1,
    });
    expect(progress, why).toMatchObject({ recognized: 4, exceptions: 5 });
  }, 90_000);

  it('reconciles against the roster and scores objective items with partial credit', async () => {
    const r = await reconciliation();
    expect(r.expected).toBe(grade.students.length);
    expect(r.matched.map((m) => m.studentId).sort()).toEqual(
      [0, 1, 3, 4].map((i) => students[i]!.id).sort(),
    );
    expect(r.absent.map((a) => a.studentId)).toEqual([students[2]!.id]);
    expect(r.duplicates).toHaveLength(1);
    expect(r.duplicates[0]!.student?.studentId).toBe(students[0]!.id);
    expect(r.unknown).toHaveLength(4);
    expect(r.noSheet).toHaveLength(grade.students.length - 5);
    expect(r.missingPages).toEqual([]);
    expect(r.openExceptions).toBe(6);
    // Seed 1 marked B, C, T: key B (5), ACD with half credit 3 for a subset, T (2).
    expect(await scoresOf(students[0]!.id)).toEqual([
      { question_id: q['1'], score: 5, answer: 'B', source: 'objective' },
      { question_id: q['2'], score: 3, answer: 'C', source: 'objective' },
      { question_id: q['3'], score: 2, answer: 'T', source: 'objective' },
    ]);
    expect(await totalOf(students[0]!.id)).toEqual({ score: 10, absent: 0 });
    // Seed 4: B, ABC (a wrong option: 0), F.
    expect((await scoresOf(students[3]!.id)).map((s) => s.score)).toEqual([5, 0, 0]);
    // Seed 2's question 3 is faint: no score until fixed.
    expect((await scoresOf(students[1]!.id)).map((s) => s.question_id)).toEqual([q['1'], q['2']]);
    expect(await totalOf(students[2]!.id)).toEqual({ score: null, absent: 1 });
  });

  it('lists every problem with a clear reason and serves its image', async () => {
    const list = await exceptions();
    const byKind = Object.fromEntries(list.map((e) => [e.kind, e]));
    expect(Object.keys(byKind).sort()).toEqual(
      [
        'bubble_review',
        'duplicate',
        'exam_no_uncertain',
        'unknown_exam_no',
        'unreadable',
        'wrong_exam',
      ].sort(),
    );
    expect(byKind.unreadable!.reason).toMatch(/^无法识别：图像文件损坏/);
    expect(byKind.unreadable!.hasImage).toBe(false);
    expect(byKind.wrong_exam!.reason).toMatch(/^不是本考试科目的答题卡：/);
    expect(byKind.unknown_exam_no!.reason).toBe(
      `考号 ${sheets[6]!.examNumber} 不在本考试科目的考生名单中`,
    );
    // The operator assigns the student by looking at the sheet.
    expect(byKind.unknown_exam_no!.hasImage).toBe(true);
    expect(byKind.exam_no_uncertain!.hasImage).toBe(true);
    expect(byKind.exam_no_uncertain!.reason).toBe('考号填涂不清（第 1 位多涂），请选择考生');
    expect(byKind.exam_no_uncertain!.examNoRead).toBeNull();
    expect(byKind.bubble_review!.reason).toBe('客观题需人工确认：第 3 题（填涂过浅）');
    expect(byKind.bubble_review!.student?.studentId).toBe(students[1]!.id);
    expect(byKind.bubble_review!.answers.map((a) => a.status)).toEqual(['ok', 'ok', 'review']);
    expect(byKind.duplicate!.reason).toMatch(/的第 1 页已有答题卡.*本张为重复$/);
    const sheetId = byKind.bubble_review!.sheetId!;
    const page = await server.app.inject({
      method: 'GET',
      url: `/marking-main/exam/scan/image?sheetId=${sheetId}`,
      headers: { token: admin },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const crop = await server.app.inject({
      method: 'GET',
      url: `/marking-main/exam/scan/image?sheetId=${sheetId}&questionId=${q['5(2)']}`,
      headers: { token: admin },
    });
    expect(crop.statusCode).toBe(200);
    const grader = (await signIn(server.app, 'grader')).token;
    const refused = await server.app.inject({
      method: 'GET',
      url: `/marking-main/exam/scan/image?sheetId=${sheetId}`,
      headers: { token: grader },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a retried job writes the same rows', async () => {
    const before = await server.db
      .selectFrom('scan_sheets')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    const handler = createScanJobHandler({
      db: server.db,
      clock: server.clock,
      files,
      recognize: createPoolRecognizer(0),
    });
    await handler({ batchId, fileIndex: 0 });
    await handler({ batchId, fileIndex: 7 });
    expect(
      await server.db.selectFrom('scan_sheets').select(['id', 'status']).orderBy('id').execute(),
    ).toEqual(before);
    expect(await exceptions()).toHaveLength(6);
  }, 30_000);

  it('fixes every exception by hand and records each fix', async () => {
    const byKind = Object.fromEntries((await exceptions()).map((e) => [e.kind, e]));
    // Correct a bubble: question 3 is T after all.
    const fixed = await resolve(byKind.bubble_review!.id, {
      action: 'answer',
      answers: [{ questionId: q['3'], answer: 't' }],
    });
    expect(fixed.body.code, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({
      resolvedBy: expect.any(String),
      resolution: { action: 'answer', answers: [{ questionId: q['3'], from: '', to: 'T' }] },
    });
    expect((await scoresOf(students[1]!.id)).find((s) => s.question_id === q['3'])).toMatchObject({
      score: 2,
      answer: 'T',
    });
    // Choose the student of an unknown exam number.
    const wrongAction = await resolve(byKind.unknown_exam_no!.id, {
      action: 'answer',
      answers: [],
    });
    expect(wrongAction.body.code).toBe(400);
    const taken = await resolve(byKind.unknown_exam_no!.id, {
      action: 'assign',
      studentId: students[0]!.id,
    });
    expect(taken.body.code).toBe(409);
    const assigned = await resolve(byKind.unknown_exam_no!.id, {
      action: 'assign',
      studentId: students[5]!.id,
    });
    expect(assigned.body.code, JSON.stringify(assigned.body)).toBe(200);
    expect((await scoresOf(students[5]!.id)).length).toBe(3);
    // An uncertain exam number is never matched silently: a person chooses.
    expect(
      (
        await resolve(byKind.exam_no_uncertain!.id, {
          action: 'assign',
          studentId: students[7]!.id,
        })
      ).body.code,
    ).toBe(200);
    // The duplicate replaces the first sheet (same scan: same scores); the wrong sheet waits for a rescan.
    expect((await resolve(byKind.duplicate!.id, { action: 'replace' })).body.code).toBe(200);
    expect((await resolve(byKind.wrong_exam!.id, { action: 'rescan' })).body.code).toBe(200);
    expect(
      (await resolve(byKind.unreadable!.id, { action: 'discard', note: '空白页' })).body.code,
    ).toBe(200);
    expect((await resolve(byKind.unreadable!.id, { action: 'discard' })).body.code).toBe(409);
    // A student with no sheet was absent.
    const confirmed = await call(server.app, scanRoutes.confirmAbsent, {
      token: admin,
      body: { examSubjectId: subjectId, studentId: students[6]!.id },
    });
    expect(confirmed.body.code).toBe(200);
    expect(await totalOf(students[6]!.id)).toEqual({ score: null, absent: 1 });

    expect(await exceptions()).toEqual([]);
    const done = await exceptions('resolved');
    expect(done).toHaveLength(7);
    expect(done.every((e) => e.resolvedAt !== null && e.resolvedBy !== null && e.resolution)).toBe(
      true,
    );
    const r = await reconciliation();
    expect(r.openExceptions).toBe(0);
    expect(r.duplicates).toEqual([]);
    expect(r.unknown).toEqual([]);
    expect(r.matched.map((m) => m.studentId).sort()).toEqual(
      [0, 1, 3, 4, 5, 7].map((i) => students[i]!.id).sort(),
    );
    expect(r.absent.map((a) => a.studentId).sort()).toEqual(
      [students[2]!.id, students[6]!.id].sort(),
    );
    expect(await totalOf(students[0]!.id)).toEqual({ score: 10, absent: 0 });
    const statuses = await server.db
      .selectFrom('scan_sheets')
      .select('status')
      .where('batch_id', '=', batchId)
      .where('discarded', '=', 0)
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(
      ['fixed', 'fixed', 'fixed', 'fixed', 'recognized', 'recognized', 'recognized'].sort(),
    );
  });

  it('re-scores when the answer key changes', async () => {
    const saved = await call(server.app, examRoutes.answerSave, {
      token: admin,
      body: {
        examSubjectId: subjectId,
        answers: [{ questionId: q['2'], answer: 'C', partialMarks: null }],
      },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect((await scoresOf(students[0]!.id)).map((s) => s.score)).toEqual([5, 6, 2]);
    expect(await totalOf(students[0]!.id)).toEqual({ score: 13, absent: 0 });
    await server.db
      .updateTable('exam_questions')
      .set({ answer: 'A' })
      .where('id', '=', q['1']!)
      .execute();
    const rescored = await call<{ students: number }>(server.app, scanRoutes.rescore, {
      token: admin,
      body: { examSubjectId: subjectId },
    });
    expect(rescored.body.data.students).toBeGreaterThanOrEqual(6);
    expect((await scoresOf(students[0]!.id)).map((s) => s.score)).toEqual([0, 6, 2]);
    expect(await totalOf(students[0]!.id)).toEqual({ score: 8, absent: 0 });
    expect(await totalOf(students[2]!.id)).toEqual({ score: null, absent: 1 });
  });

  it('hands the crops to marking', async () => {
    const adminId = await userIdOf(server.db, server.seed.demoSchoolId, 'admin');
    const blockId = await saveBlock(server.db, server.clock, server.seed.demoSchoolId, {
      examSubjectId: subjectId,
      name: '第 5 题',
      questionIds: [q['5(1)']!, q['5(2)']!],
      mode: 'single',
      tolerance: 0,
      scoreStep: 1,
      distribution: 'pool',
      anonymous: true,
      guide: '',
      answer: '',
      recheckPercent: 0,
      leaseMinutes: 5,
      markers: [{ userId: adminId }],
      arbitrators: [],
      leaders: [],
    });
    const handed = await call<{ blocks: { blockId: number; registered: number }[] }>(
      server.app,
      scanRoutes.handToMarking,
      { token: admin, body: { examSubjectId: subjectId } },
    );
    expect(handed.body.code, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.data.blocks).toEqual([{ blockId, registered: 6 }]);
    const papers = await server.db
      .selectFrom('marking_papers')
      .select(['student_id', 'crop_key'])
      .where('block_id', '=', blockId)
      .execute();
    expect(papers).toHaveLength(6);
    const image = await files.get(papers[0]!.crop_key);
    expect(image?.subarray(1, 4).toString()).toBe('PNG');
  });
});
