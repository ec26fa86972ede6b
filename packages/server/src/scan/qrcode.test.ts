import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { examDownloads, examRoutes, scanRoutes, type ScanException } from '@examkit/contracts';
import { layoutSheet, type PaperStructure } from '@examkit/answer-sheet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { sheetIdentity } from '../exam/sheets';
import { createExam, gradeOf, MATH_QUESTIONS } from '../exam/testKit';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { uploadBatch, waitForBatch } from './testKit';

// Recognition runs in this process (the BullMQ queue has its own test file).
vi.stubEnv('REDIS_URL', '');

const run = promisify(execFile);

/** Page 1 of a PDF as a 150 dpi grey PNG, as a scanner would hand it in. */
async function scanOf(pdf: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'examkit-qr-scan-'));
  try {
    await writeFile(join(dir, 'sheet.pdf'), pdf);
    await run(
      'pdftoppm',
      ['-png', '-gray', '-r', '150', '-f', '1', '-l', '1', '-singlefile'].concat([
        join(dir, 'sheet.pdf'),
        join(dir, 'page'),
      ]),
    );
    return await readFile(join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)('the sheet QR code on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let mathId: number;
  let physicsId: number;
  const examNo = '20260417';
  let scan: Buffer;

  const exceptions = async (examSubjectId: number) => {
    const r = await call<{ list: ScanException[] }>(server.app, scanRoutes.exceptions, {
      token: admin,
      body: { examSubjectId, state: 'open' },
    });
    expect(r.body.code).toBe(200);
    return r.body.data.list;
  };
  const templateOf = async (examSubjectId: number) => {
    const got = await call<{ template: { elements: { kind: string; payload?: string }[] } }>(
      server.app,
      examRoutes.sheetGet,
      { token: admin, body: { examSubjectId } },
    );
    return got.body.data.template;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { files: createMemoryFileStore() });
    admin = (await signIn(server.app, 'admin')).token;
    const grade = await gradeOf(server.db, server.seed.demoSchoolId);
    // Two subjects of one exam with the same paper, hence the same sheet layout.
    const exam = await createExam(server, admin, grade, {
      subjects: [
        { subjectCode: '数学', subjectName: '数学', fullMarks: 30 },
        { subjectCode: '物理', subjectName: '物理', fullMarks: 30 },
      ],
    });
    [mathId, physicsId] = exam.subjects.map((s) => s.id) as [number, number];
    for (const examSubjectId of [mathId, physicsId]) {
      const saved = await call(server.app, examRoutes.questionsSave, {
        token: admin,
        body: { examSubjectId, questions: MATH_QUESTIONS },
      });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
      const sheet = await call(server.app, examRoutes.sheetSave, {
        token: admin,
        // The student below gets an 8-digit exam number, so an 8-digit grid.
        body: {
          examSubjectId,
          settings: { isHiddenQrcode: false, examNumCount: 8 },
          overrides: {},
        },
      });
      expect(sheet.body.code, JSON.stringify(sheet.body)).toBe(200);
    }
    const student = grade.students[0]!;
    await server.db
      .updateTable('exam_students')
      .set({ exam_no: examNo })
      .where('exam_id', '=', exam.id)
      .where('student_id', '=', student.id)
      .execute();
    // The math sheet printed for the student, exam number pre-filled.
    const pdf = await server.app.inject({
      method: 'GET',
      url: `${examDownloads.sheetPdf}?examSubjectId=${mathId}&examNo=${examNo}`,
      headers: { token: admin },
    });
    expect(pdf.statusCode).toBe(200);
    scan = await scanOf(pdf.rawPayload);
    await server.db
      .updateTable('exams')
      .set({ state: 'scanning' })
      .where('id', '=', exam.id)
      .execute();
  }, 60_000);
  afterAll(() => server.close());

  it('saves each subject’s identity in its template: same layout version, own subject', async () => {
    const codes = await Promise.all(
      [mathId, physicsId].map(async (id) =>
        (await templateOf(id)).elements.filter((e) => e.kind === 'qrcode'),
      ),
    );
    const [math = '', physics = ''] = codes.map((c) => {
      expect(c).toHaveLength(1);
      return c[0]!.payload!;
    });
    expect(math).toMatch(new RegExp(`^EK1\\|${mathId}\\|[0-9a-f]{8}$`));
    expect(physics).toMatch(new RegExp(`^EK1\\|${physicsId}\\|[0-9a-f]{8}$`));
    expect(math.split('|')[2]).toBe(physics.split('|')[2]);
  });

  it('queues a sheet printed for another subject of the same layout as a wrong exam', async () => {
    const batchId = await uploadBatch(server, admin, physicsId, [
      { name: '数学卷.png', data: scan },
    ]);
    const progress = await waitForBatch(server, admin, batchId);
    expect(progress).toMatchObject({ state: 'done', pages: 1, recognized: 0, exceptions: 1 });
    const list = await exceptions(physicsId);
    expect(list.map((e) => [e.kind, e.reason])).toEqual([
      ['wrong_exam', '不是本考试科目的答题卡：非本场考试答题卡（二维码不符）'],
    ]);
  }, 90_000);

  it('recognises the same sheet in its own subject’s batch', async () => {
    const batchId = await uploadBatch(server, admin, mathId, [{ name: '数学卷.png', data: scan }]);
    const progress = await waitForBatch(server, admin, batchId);
    const why = JSON.stringify((await exceptions(mathId)).map((e) => e.reason));
    expect(progress, why).toMatchObject({ state: 'done', pages: 1, recognized: 1, exceptions: 0 });
  }, 90_000);
});

describe('sheetIdentity', () => {
  const paper: PaperStructure = {
    subject: '数学',
    questions: [
      { id: '11', number: '1', type: 'single', fullMarks: 5 },
      { id: '12', number: '2', type: 'subjective', fullMarks: 12 },
    ],
  };
  const shown = { isHiddenQrcode: false };

  it('keeps the layout version over changes that move nothing the recogniser reads', () => {
    const base = sheetIdentity(7, layoutSheet(paper, shown));
    expect(base).toMatch(/^EK1\|7\|[0-9a-f]{8}$/);
    expect(sheetIdentity(7, layoutSheet(paper, { ...shown, answerSheetTitle: '期中答题卡' }))).toBe(
      base,
    );
    const renumbered = {
      ...paper,
      questions: paper.questions.map((q) => ({ ...q, id: `x${q.id}` })),
    };
    expect(sheetIdentity(7, layoutSheet(renumbered, shown))).toBe(base);
  });

  it('gives a new version when a sheet printed before would no longer fit', () => {
    const base = sheetIdentity(7, layoutSheet(paper, shown));
    expect(sheetIdentity(7, layoutSheet(paper, { ...shown, examNumCount: 10 }))).not.toBe(base);
    expect(sheetIdentity(7, layoutSheet(paper, shown, { answerHeights: { '12': 80 } }))).not.toBe(
      base,
    );
    expect(sheetIdentity(8, layoutSheet(paper, shown))).not.toBe(base);
  });
});
