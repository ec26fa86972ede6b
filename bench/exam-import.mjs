// Exams at scale: score import from .xlsx for a whole grade (the seeded 高一, 200 students ×
// 6 subjects of up to 59 questions), then the same files again (which must change nothing),
// and the exam list.
//
//   npx tsx --conditions=source bench/exam-import.mjs            (from the repository root)
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/exam-import.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createDatabase, migrate, seedDemo } from '@examkit/server';
import { benchServer, pgAdmin, postJson, signInOverHttp, timed } from './support/server.mjs';

const ms = (t) => `${t.toFixed(0).padStart(6)} ms`;

async function bench(label, db, schema) {
  await migrate(db, schema ? { schema } : {});
  await seedDemo(db, { size: 'full' });
  const app = await benchServer(db, schema);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signInOverHttp(base, 'admin');
    const post = (path, body) => postJson(`${base}/marking-main/exam${path}`, token, body);

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
    const url = process.env.BENCH_POSTGRES_URL;
    await pgAdmin(url, `create schema ${schema}`);
    const pgDb = createDatabase({ dialect: 'postgres', connectionString: url, schema });
    try {
      await bench('PostgreSQL', pgDb, schema);
    } finally {
      await pgDb.destroy();
      await pgAdmin(url, `drop schema ${schema} cascade`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
