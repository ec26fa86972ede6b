// Scanning at scale: a batch of generated answer sheets (degraded JPEG scans from the
// recogniser's corpus generator, exam numbers of the seeded 高一 期中) uploaded in 512 KiB
// chunks, recognised by the in-process queue (worker threads), reconciled and scored.
// The corpus draws faint, double and erased marks on purpose, so most sheets of a full paper
// go to bubble review (exceptions); the figure to watch is pages/s.
//
//   npx tsx --conditions=source bench/scan-batch.mjs             (from the repository root)
//   BENCH_SHEETS=200 SCAN_WORKERS=2 npx tsx --conditions=source bench/scan-batch.mjs
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { corpusTemplate, generateSheet } from '@examkit/recognizer/corpus';
import { createDatabase, createServer, migrate, seedDemo } from '@examkit/server';
import { createMemoryFileStore } from '../packages/server/src/core/files.ts';
import {
  loadQuestionRows,
  toPaperStructure,
  toQuestionTree,
} from '../packages/server/src/exam/paper.ts';

const SHEETS = Number(process.env.BENCH_SHEETS) || 40;
const ms = (t) => `${t.toFixed(0).padStart(7)} ms`;
const sha256 = (b) => createHash('sha256').update(b).digest('hex');

const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
await migrate(db);
await seedDemo(db, { size: 'full' });
const app = await createServer({
  database: { db },
  logger: false,
  migrate: false,
  files: createMemoryFileStore(),
});
const inject = async (url, body, token) => {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify(body),
  });
  const json = res.json();
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.data;
};
const login = await app.inject({
  method: 'POST',
  url: '/marking-login/login/school_login_pd',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'loginName=admin&password=demo2026',
});
const token = login.json().data.token;

const exam = await db
  .selectFrom('exams')
  .selectAll()
  .where('exam_type', '=', '期中')
  .orderBy('id')
  .executeTakeFirstOrThrow();
const subject = await db
  .selectFrom('exam_subjects')
  .selectAll()
  .where('exam_id', '=', exam.id)
  .where('subject_name', '=', '数学')
  .executeTakeFirstOrThrow();
const ct = corpusTemplate(
  toPaperStructure('数学', toQuestionTree(await loadQuestionRows(db, subject.id))),
);
await db
  .updateTable('exam_subjects')
  .set({ sheet_template: JSON.stringify(ct.template) })
  .where('id', '=', subject.id)
  .execute();
await db.updateTable('exams').set({ state: 'scanning' }).where('id', '=', exam.id).execute();
const roster = await db
  .selectFrom('exam_students')
  .select('student_id')
  .where('exam_id', '=', exam.id)
  .orderBy('student_id')
  .execute();

let t0 = performance.now();
const files = [];
for (let i = 0; i < SHEETS; i++) {
  const sheet = await generateSheet(ct, 1000 + i, {
    formats: ['jpeg'],
    dpis: [200],
    secondPageShare: 0,
  });
  files.push({ name: `${i}.jpg`, data: sheet.file });
  const studentId = roster[i % roster.length].student_id;
  await db
    .updateTable('exam_students')
    .set({ exam_no: `${sheet.truth.examNumber}` })
    .where('exam_id', '=', exam.id)
    .where('student_id', '=', studentId)
    .execute()
    .catch(() => undefined); // a repeated random number stays unknown
}
console.log(`generated ${SHEETS} sheets (JPEG, 200 dpi, degraded) ${ms(performance.now() - t0)}`);

t0 = performance.now();
const created = await inject(
  '/marking-main/exam/scan/batch/create',
  {
    examSubjectId: subject.id,
    files: files.map((f) => ({ fileName: f.name, size: f.data.length, sha256: sha256(f.data) })),
  },
  token,
);
let bytes = 0;
for (const [fileIndex, f] of files.entries()) {
  for (let index = 0; index * created.chunkSize < f.data.length; index++) {
    const part = f.data.subarray(index * created.chunkSize, (index + 1) * created.chunkSize);
    bytes += part.length;
    await inject(
      '/marking-main/exam/scan/batch/chunk',
      {
        batchId: created.batchId,
        fileIndex,
        index,
        contentBase64: part.toString('base64'),
        sha256: sha256(part),
      },
      token,
    );
  }
}
await inject('/marking-main/exam/scan/batch/complete', { batchId: created.batchId }, token);
console.log(
  `upload ${(bytes / 1048576).toFixed(1)} MiB in chunks + complete  ${ms(performance.now() - t0)}`,
);

t0 = performance.now();
let progress;
for (;;) {
  progress = await inject(
    '/marking-main/exam/scan/batch/progress',
    { batchId: created.batchId },
    token,
  );
  if (progress.state === 'done') break;
  await new Promise((r) => setTimeout(r, 200));
}
const recMs = performance.now() - t0;
console.log(
  `recognition ${progress.pages} pages                ${ms(recMs)}  (${((progress.pages / recMs) * 1000).toFixed(1)} pages/s; ${progress.recognized} recognised, ${progress.exceptions} exceptions, ${progress.duplicates} duplicates)`,
);
t0 = performance.now();
const rec = await inject('/marking-main/exam/scan/reconcile', { examSubjectId: subject.id }, token);
console.log(
  `reconcile                            ${ms(performance.now() - t0)}  (${rec.matched.length} matched of ${rec.expected})`,
);
t0 = performance.now();
const list = await inject(
  '/marking-main/exam/scan/exception/list',
  { examSubjectId: subject.id },
  token,
);
console.log(
  `exception list                       ${ms(performance.now() - t0)}  (${list.list.length} open)`,
);
t0 = performance.now();
const rescored = await inject(
  '/marking-main/exam/scan/rescore',
  { examSubjectId: subject.id },
  token,
);
console.log(
  `rescore                              ${ms(performance.now() - t0)}  (${rescored.students} students)`,
);
await app.close();
await db.destroy();
process.exit(0);
