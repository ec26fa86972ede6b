import { createHash } from 'node:crypto';
import { examRoutes, scanRoutes, type ScanBatchProgress } from '@examkit/contracts';
import { corpusTemplate, generateSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { expect } from 'vitest';
import { loadQuestionRows, toPaperStructure, toQuestionTree } from '../exam/paper';
import { createExam, gradeOf, MATH_QUESTIONS } from '../exam/testKit';
import { call, type TestServer } from '../test/fixtures';

/** Test helpers of the scan domain (not shipped in the server's build). */

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The subject's questions laid out by the corpus generator; its template is stored on the subject and the exam put in `scanning`. */
export async function prepareScanning(
  server: TestServer,
  examId: number,
  examSubjectId: number,
  subjectName = '数学',
): Promise<CorpusTemplate> {
  const rows = await loadQuestionRows(server.db, examSubjectId);
  const ct = corpusTemplate(toPaperStructure(subjectName, toQuestionTree(rows)));
  await server.db
    .updateTable('exam_subjects')
    .set({ sheet_template: JSON.stringify(ct.template), sheet_saved_at: 1 })
    .where('id', '=', examSubjectId)
    .execute();
  await server.db
    .updateTable('exams')
    .set({ state: 'scanning' })
    .where('id', '=', examId)
    .execute();
  return ct;
}

/** A clean 150 dpi PNG of the sheet drawn from `seed`, with what was drawn on it. */
export async function sheetFile(ct: CorpusTemplate, seed: number) {
  const sheet = await generateSheet(ct, seed, {
    degrade: false,
    formats: ['png'],
    dpis: [150],
    secondPageShare: 0,
  });
  return { file: sheet.file!, truth: sheet.truth };
}

/** Uploads files as a batch in chunks (each chunk once) and completes it. */
export async function uploadBatch(
  server: TestServer,
  token: string,
  examSubjectId: number,
  files: readonly { name: string; data: Buffer }[],
  options: { complete?: boolean } = {},
): Promise<number> {
  const created = await call<{
    batchId: number;
    chunkSize: number;
    files: { fileIndex: number; chunkCount: number }[];
  }>(server.app, scanRoutes.batchCreate, {
    token,
    body: {
      examSubjectId,
      files: files.map((f) => ({ fileName: f.name, size: f.data.length, sha256: sha256(f.data) })),
    },
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(200);
  const { batchId, chunkSize } = created.body.data;
  for (const [fileIndex, f] of files.entries()) {
    for (let index = 0; index * chunkSize < f.data.length; index++) {
      const part = f.data.subarray(index * chunkSize, (index + 1) * chunkSize);
      const sent = await call(server.app, scanRoutes.batchChunk, {
        token,
        body: {
          batchId,
          fileIndex,
          index,
          contentBase64: part.toString('base64'),
          sha256: sha256(part),
        },
      });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    }
  }
  if (options.complete !== false) {
    const done = await call(server.app, scanRoutes.batchComplete, { token, body: { batchId } });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
  }
  return batchId;
}

/** Polls the batch's progress until it is done (or the time runs out). */
export async function waitForBatch(
  server: TestServer,
  token: string,
  batchId: number,
  timeoutMs = 60_000,
): Promise<ScanBatchProgress> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = await call<ScanBatchProgress>(server.app, scanRoutes.batchProgress, {
      token,
      body: { batchId },
    });
    if (p.body.data.state === 'done') return p.body.data;
    if (Date.now() > until) throw new Error(`batch ${batchId} not done: ${JSON.stringify(p.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An exam of the demo school's 高一 ready for scanning: created by `token`, 数学's questions saved
 * ({@link MATH_QUESTIONS}) and its template stored ({@link prepareScanning}).
 */
export async function scanReadyExam(server: TestServer, token: string) {
  const grade = await gradeOf(server.db, server.seed.demoSchoolId);
  const exam = await createExam(server, token, grade);
  const subjectId = exam.subjects.find((s) => s.subjectCode === '数学')!.id;
  const saved = await call(server.app, examRoutes.questionsSave, {
    token,
    body: { examSubjectId: subjectId, questions: MATH_QUESTIONS },
  });
  expect(saved.body.code).toBe(200);
  const ct = await prepareScanning(server, exam.id, subjectId);
  return { grade, exam, subjectId, ct };
}

/**
 * Three more students of the class of `first` who take the exam (the small demo grade has few):
 * 学号 and exam number `${prefix}1` … `${prefix}3`, named `${name}1` …; the rows added.
 */
export async function addExamStudents(
  server: TestServer,
  examId: number,
  first: { classId: number },
  prefix: string,
  name: string,
) {
  const added: { id: number; studentNo: string; name: string; classId: number }[] = [];
  for (const n of [1, 2, 3]) {
    const row = await server.db
      .insertInto('students')
      .values({
        school_id: server.seed.demoSchoolId,
        class_id: first.classId,
        student_no: `${prefix}${n}`,
        name: `${name}${n}`,
        tel: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('exam_students')
      .values({
        exam_id: examId,
        student_id: row.id,
        class_id: first.classId,
        exam_no: `${prefix}${n}`,
      })
      .execute();
    added.push({
      id: row.id,
      studentNo: `${prefix}${n}`,
      name: `${name}${n}`,
      classId: first.classId,
    });
  }
  return added;
}
