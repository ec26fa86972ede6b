// Exams at scale: score import from .xlsx for a whole grade (the seeded 高一, 200 students ×
// 6 subjects of up to 59 questions), then the same files again (which must change nothing),
// and the exam list.
//
//   npx tsx --conditions=source bench/exam-import.mjs            (from the repository root)
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/exam-import.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { createDatabase, createServer, migrate, seedDemo } from '@examkit/server';

const ms = (t) => `${t.toFixed(0).padStart(6)} ms`;

async function bench(label, db, schema) {
  await migrate(db, schema ? { schema } : {});
  await seedDemo(db, { size: 'full' });
  const app = await createServer({
    database: schema ? { db, schema } : { db },
    logger: false,
    migrate: false,
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/marking-login/login/school_login_pd`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'loginName=admin&password=demo2026',
    });
    const token = (await login.json()).data.token;
    const post = async (path, body) => {
      const res = await fetch(`${base}/marking-main/exam${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
      return json.data;
    };
    const timed = async (fn) => {
      const t0 = performance.now();
      const result = await fn();
      return [performance.now() - t0, result];
    };

    console.log(`\n${label}`);
    const [listMs, page] = await timed(() => post('/list', { keyWord: '期中' }));
    console.log(`list                                 ${ms(listMs)}  (${page.total} exams)`);
    const seeded = page.list[0];
    // A copy of the seeded 期中 to import into: same subjects, papers copied from the seeded one.
    const copy = await post('/create', {
      name: 'bench 导入',
      examType: '期中',
      gradeId: seeded.gradeId,
      examDate: '2026-11-20',
      subjects: seeded.subjects.map((s) => ({
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: s.fullMarks,
      })),
      classIds: (await post('/detail', { id: seeded.id })).classes.map((c) => c.classId),
    });
    const strip = ({ id: _id, fullNumber: _f, children, ...q }) => ({
      ...q,
      ...(q.optionCount === null ? { optionCount: undefined } : {}),
      ...(q.blankCount === null ? { blankCount: undefined } : {}),
      ...(children && children.length > 0 ? { children: children.map(strip) } : {}),
    });
    let first = 0;
    let again = 0;
    let rows = 0;
    for (const [i, subject] of seeded.subjects.entries()) {
      const paper = await post('/subject/questions/get', { examSubjectId: subject.id });
      const target = copy.subjects[i].id;
      await post('/subject/questions/save', {
        examSubjectId: target,
        questions: JSON.parse(JSON.stringify(paper.questions.map(strip))),
      });
      const leaves = paper.questions.flatMap((q) => (q.children.length > 0 ? q.children : [q]));
      const students = await post('/students', { id: copy.id });
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(subject.subjectName);
      sheet.addRow(['考号/学号', '姓名', ...leaves.map((q) => q.fullNumber)]);
      students.forEach((s, k) =>
        sheet.addRow([
          s.examNo,
          s.name,
          ...leaves.map((q, j) => Math.min(q.fullMarks, (k + j) % (q.fullMarks + 1))),
        ]),
      );
      const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
      rows += students.length * leaves.length;
      const [t1] = await timed(() => post('/score/import', { examSubjectId: target, file }));
      const [t2, result] = await timed(() =>
        post('/score/import', { examSubjectId: target, file }),
      );
      if (result.unchanged !== students.length) throw new Error('re-import changed rows');
      first += t1;
      again += t2;
    }
    console.log(`score import, 6 subjects (${rows} scores) ${ms(first)}`);
    console.log(`same files again (nothing changes)   ${ms(again)}`);
  } finally {
    await app.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'examkit-bench-'));
try {
  const db = createDatabase({ dialect: 'sqlite', file: join(dir, 'bench.db') });
  await bench('SQLite', db);
  await db.destroy();
  if (process.env.BENCH_POSTGRES_URL) {
    const schema = `bench_exam_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const pgDb = createDatabase({
      dialect: 'postgres',
      connectionString: process.env.BENCH_POSTGRES_URL,
      schema,
    });
    try {
      await bench('PostgreSQL', pgDb, schema);
    } finally {
      await pgDb.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
