import {
  examRoutes,
  scanRoutes,
  type QuestionInput,
  type ScanException,
  type ScanReconciliation,
} from '@examkit/contracts';
import { generateSheet } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryFileStore, type FileStore } from '../core/files';
import { createExam, gradeOf } from '../exam/testKit';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import {
  scanReadyExam,
  prepareScanning,
  sha256,
  sheetFile,
  uploadBatch,
  waitForBatch,
} from './testKit';

vi.stubEnv('REDIS_URL', '');

/** The corpus paper's shape (two A4 pages): 25 single, 5 multiple, 10 true/false, a fill-in, two subjective. */
const LONG_PAPER: QuestionInput[] = [
  ...Array.from({ length: 40 }, (_, i): QuestionInput => {
    const n = i + 1;
    if (n <= 25)
      return { number: String(n), kind: 'single', fullMarks: 2, optionCount: 4, answer: 'A' };
    if (n <= 30)
      return { number: String(n), kind: 'multiple', fullMarks: 2, optionCount: 5, answer: 'AB' };
    return { number: String(n), kind: 'judge', fullMarks: 2, answer: 'T' };
  }),
  { number: '41', kind: 'fill', fullMarks: 4, blankCount: 2 },
  { number: '42', kind: 'subjective', fullMarks: 10 },
  { number: '43', kind: 'subjective', fullMarks: 12 },
];

describe.each(DIALECTS)('multi-page sheets on %s', (dialect) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await signIn(server.app, 'admin')).token;
  });
  afterAll(() => server.close());

  it('finds missing pages and asks who owns a lone second page', async () => {
    const grade = await gradeOf(server.db, server.seed.demoSchoolId);
    const exam = await createExam(server, admin, grade, {
      subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 106 }],
    });
    const subjectId = exam.subjects[0]!.id;
    const saved = await call(server.app, examRoutes.questionsSave, {
      token: admin,
      body: { examSubjectId: subjectId, questions: LONG_PAPER },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const ct = await prepareScanning(server, exam.id, subjectId);
    expect(ct.template.pageCount).toBe(2);
    const options = { degrade: false, formats: ['png'] as const, dpis: [150] };
    const firstA = await generateSheet(ct, 1, { ...options, secondPageShare: 0 });
    const secondA = await generateSheet(ct, 2, { ...options, secondPageShare: 1 });
    const firstB = await generateSheet(ct, 4, { ...options, secondPageShare: 0 });
    expect(secondA.truth.page).toBe(1);
    const [a, b] = grade.students;
    for (const [student, sheet] of [
      [a!, firstA],
      [b!, firstB],
    ] as const)
      await server.db
        .updateTable('exam_students')
        .set({ exam_no: sheet.truth.examNumber })
        .where('exam_id', '=', exam.id)
        .where('student_id', '=', student.id)
        .execute();
    const batchId = await uploadBatch(server, admin, subjectId, [
      { name: 'a-1.png', data: firstA.file! },
      { name: 'a-2.png', data: secondA.file! },
      { name: 'b-1.png', data: firstB.file! },
    ]);
    await waitForBatch(server, admin, batchId);
    const reconcile = async () =>
      (
        await call<ScanReconciliation>(server.app, scanRoutes.reconcile, {
          token: admin,
          body: { examSubjectId: subjectId },
        })
      ).body.data;
    let r = await reconcile();
    const missing = () =>
      r.missingPages
        .map((m) => [m.studentId, m.missing])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(missing()).toEqual(
      [
        [a!.id, [1]],
        [b!.id, [1]],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const open = await call<{ list: ScanException[] }>(server.app, scanRoutes.exceptions, {
      token: admin,
      body: { examSubjectId: subjectId, kind: 'page_owner' },
    });
    expect(open.body.data.list).toHaveLength(1);
    const lone = open.body.data.list[0]!;
    expect(lone.reason).toMatch(/^无法确定第 2 页属于哪位考生/);
    const fixed = await call(server.app, scanRoutes.resolve, {
      token: admin,
      body: { exceptionId: lone.id, action: 'assign', studentId: a!.id },
    });
    expect(fixed.body.code, JSON.stringify(fixed.body)).toBe(200);
    r = await reconcile();
    expect(missing()).toEqual([[b!.id, [1]]]);
  }, 60_000);
});

describe.each(DIALECTS)('in-process queue recovery on %s', (dialect) => {
  let server: TestServer;
  let files: FileStore;
  let admin: string;

  beforeAll(async () => {
    files = createMemoryFileStore();
    server = await startTestServer(dialect, { files });
    admin = (await signIn(server.app, 'admin')).token;
  });
  afterAll(() => server.close());

  it('queues the files of a batch left unfinished by a restart again', async () => {
    const { exam, subjectId, ct } = await scanReadyExam(server, admin);
    const sheet = await sheetFile(ct, 5);
    // What a process that died after `batch/complete` leaves: a queued batch, its file stored.
    const now = server.clock.now().getTime();
    const batch = await server.db
      .insertInto('scan_batches')
      .values({
        school_id: server.seed.demoSchoolId,
        exam_id: exam.id,
        exam_subject_id: subjectId,
        state: 'queued',
        chunk_size: 512 * 1024,
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await files.put('scan/left/upload', sheet.file);
    await server.db
      .insertInto('scan_files')
      .values({
        batch_id: batch.id,
        file_index: 0,
        file_name: '5.png',
        size: sheet.file.length,
        sha256: sha256(sheet.file),
        chunk_count: 1,
        file_key: 'scan/left/upload',
        state: 'waiting',
        pages: null,
      })
      .execute();
    // The first scan call of the (restarted) server picks it up.
    const progress = await waitForBatch(server, admin, batch.id);
    expect(progress).toMatchObject({ state: 'done', filesDone: 1, pages: 1 });
  }, 60_000);
});
