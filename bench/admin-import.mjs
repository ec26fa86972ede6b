// School administration at scale: student import from .xlsx (2,000 and 20,000 rows, then the
// same files again, which must change nothing) and the paged student list at 20,000+ students.
//
//   npx tsx --conditions=source bench/admin-import.mjs            (from the repository root)
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/admin-import.mjs
//
// Starts the server on a fresh SQLite file (and on a fresh PostgreSQL schema when
// BENCH_POSTGRES_URL is set), full demo seed, signs in as `admin` (school-wide) and `head`
// (one class), and calls the routes over HTTP exactly as the SDK does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createDatabase, migrate, seedDemo } from '@examkit/server';
import { benchServer, pgAdmin, postJson, signInOverHttp, timed } from './support/server.mjs';

const GRADES = ['高一', '高二', '高三'];
const ms = (t) => `${t.toFixed(0).padStart(6)} ms`;

async function studentFile(n, prefix) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学生');
  sheet.addRow(['学号', '姓名', '年级', '班级', '性别']);
  for (let i = 0; i < n; i++) {
    const grade = GRADES[i % 3];
    sheet.addRow([
      `${prefix}${String(i + 1).padStart(6, '0')}`,
      `学生${i + 1}`,
      grade,
      `${grade}(${(i % 4) + 1})班`,
      i % 2 ? '女' : '男',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function bench(label, db, schema) {
  await migrate(db, schema ? { schema } : {});
  await seedDemo(db, { size: 'full' });
  const app = await benchServer(db, schema);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = {
      admin: await signInOverHttp(base, 'admin'),
      head: await signInOverHttp(base, 'head'),
    };
    const post = (login, path, body) =>
      postJson(`${base}/marking-user/user${path}`, tokens[login], body);

    console.log(`\n${label}`);
    for (const [n, prefix] of [
      [2_000, 'A'],
      [20_000, 'B'],
    ]) {
      const contentBase64 = await studentFile(n, prefix);
      const kib = (contentBase64.length * 0.75) / 1024;
      const [first, r1] = await timed(() =>
        post('admin', '/student/import', { fileName: 's.xlsx', contentBase64 }),
      );
      const [again, r2] = await timed(() =>
        post('admin', '/student/import', { fileName: 's.xlsx', contentBase64 }),
      );
      console.log(
        `import ${String(n).padStart(6)} students (${kib.toFixed(0)} KiB .xlsx): ${ms(first)} (inserted ${r1.inserted})   re-import ${ms(again)} (unchanged ${r2.unchanged})`,
      );
    }
    const lists = [
      ['admin page 1 of 20', 'admin', { pageNum: 1, pageSize: 20 }],
      ['admin page 500 of 20', 'admin', { pageNum: 500, pageSize: 20 }],
      ['admin keyWord 学生1999', 'admin', { pageNum: 1, pageSize: 20, keyWord: '学生1999' }],
      ['head (one class)', 'head', { pageNum: 1, pageSize: 20 }],
    ];
    for (const [name, login, body] of lists) {
      const times = [];
      let total = 0;
      for (let i = 0; i < 30; i++) {
        const [t, data] = await timed(() => post(login, '/student/get_stu', body));
        times.push(t);
        total = data.total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `get_stu ${name.padEnd(24)} of ${total} students: median ${ms(times[15])}   p90 ${ms(times[27])}`,
      );
    }
  } finally {
    await app.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'examkit-bench-'));
const sqlite = createDatabase({ dialect: 'sqlite', file: join(dataDir, 'examkit.db') });
try {
  await bench('SQLite (file, WAL)', sqlite);
} finally {
  await sqlite.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

const url = process.env.BENCH_POSTGRES_URL;
if (url) {
  const schema = `examkit_bench_${process.pid}`;
  await pgAdmin(url, `create schema ${schema}`);
  const db = createDatabase({ dialect: 'postgres', connectionString: url, schema, poolSize: 4 });
  try {
    await bench('PostgreSQL', db, schema);
  } finally {
    await db.destroy();
    await pgAdmin(url, `drop schema ${schema} cascade`);
  }
}
