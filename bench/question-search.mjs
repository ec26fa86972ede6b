// Benchmark of the question bank's search and similar questions (packages/server/src/resource):
// generates N bank questions (default 100,000) from the demo bank's templates with drawn numbers
// and a few drawn context words, indexed exactly as `insertQuestion` indexes them (jieba words in
// FTS5 / a 'simple' tsvector, MinHash signature and LSH bands), then times list searches with
// filters and similar-question lookups. Goal: a search page within 100 ms.
//
// Run from the repository root:
//   node --import tsx --conditions=source bench/question-search.mjs           # 100,000 questions
//   node --import tsx --conditions=source bench/question-search.mjs 20000     # fewer
//
// SQLite in a temporary file; PostgreSQL too when 127.0.0.1:5432/test answers (a schema of its own,
// dropped at the end). Wall times on a shared machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase, dialectOf } from '../packages/server/src/core/database.ts';
import { migrate } from '../packages/server/src/core/migrations.ts';
import { bandKeys, encodeSignature } from '../packages/server/src/resource/minhash.ts';
import { searchQuestions } from '../packages/server/src/resource/search.ts';
import {
  searchableText,
  signatureOf,
  similarityText,
} from '../packages/server/src/resource/searchIndex.ts';
import { indexTerms } from '../packages/server/src/resource/segment.ts';
import { similarQuestions } from '../packages/server/src/resource/similar.ts';
import { demoBank } from '../packages/server/src/seed/seedBank.ts';
import { mathQuestions } from '../packages/server/src/seed/bank/math.ts';
import { prng } from '../packages/server/src/seed/prng.ts';

const N = Number(process.argv[2] ?? 100_000);
const CHUNK = 400;
const CONTEXT = [
  '学校',
  '运动会',
  '图书馆',
  '春天',
  '实验',
  '工厂',
  '农场',
  '旅行',
  '公园',
  '科技',
  '比赛',
  '环境',
  '城市',
  '河流',
  '山区',
  '商店',
  '银行',
  '医院',
  '植物',
  '动物',
  '火车',
  '飞机',
  '道路',
  '桥梁',
  '天气',
  '温度',
  '面积',
  '利润',
  '成本',
  '速度',
  '时间',
  '人口',
  '水库',
  '能源',
  '网络',
  '手机',
  '电脑',
  '书籍',
  '音乐',
  '绘画',
];
const ms = (t) => `${t.toFixed(1)} ms`;

function pools() {
  const r = prng(7);
  const bank = demoBank('full');
  return {
    r,
    subjects: bank.map((b) => ({
      code: b.subjectCode,
      tree: b.tree,
      pool: b.subjectCode === '02' ? mathQuestions(r, 400) : b.questions,
    })),
  };
}

async function fill(db) {
  const { r, subjects } = pools();
  const now = Date.now();
  const school = await db
    .insertInto('schools')
    .values({ code: `bench${process.pid}`, name: '基准学校', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pointIds = new Map();
  for (const s of subjects) {
    const ids = new Map();
    for (const [ord, [top, leaves]] of Object.entries(s.tree).entries()) {
      const t = await db
        .insertInto('knowledge_points')
        .values({
          school_id: null,
          subject_code: s.code,
          stage: 3,
          parent_id: null,
          name: top,
          ord,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [o, leaf] of leaves.entries()) {
        const l = await db
          .insertInto('knowledge_points')
          .values({
            school_id: null,
            subject_code: s.code,
            stage: 3,
            parent_id: t.id,
            name: leaf,
            ord: o,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(leaf, l.id);
      }
      ids.set(top, t.id);
    }
    pointIds.set(s.code, ids);
  }
  const pg = dialectOf(db) === 'postgres';
  const started = performance.now();
  for (let done = 0; done < N; done += CHUNK) {
    const batch = [];
    for (let i = done; i < Math.min(N, done + CHUNK); i++) {
      const s = subjects[i % subjects.length];
      const q = s.pool[Math.floor(r() * s.pool.length)];
      const words = Array.from({ length: 3 }, () => CONTEXT[Math.floor(r() * CONTEXT.length)]);
      const input = { ...q, stem: `${q.stem}（情境：${words.join('、')}）`, subjectCode: s.code };
      batch.push({ input, points: q.points.map((n) => pointIds.get(s.code).get(n)) });
    }
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('questions')
        .values(
          batch.map(({ input }, k) => ({
            school_id: k % 5 === 0 ? null : school.id,
            subject_code: input.subjectCode,
            stage: 3,
            grade_num: input.gradeNum,
            type: input.type,
            difficulty: input.difficulty,
            stem: input.stem,
            options: JSON.stringify(input.options),
            answer: input.answer,
            analysis: input.analysis,
            parent_id: null,
            ord: 0,
            source: input.source,
            year: input.year,
            tags: '[]',
            version: 1,
            created_by: null,
            created_at: now,
            updated_at: now,
            deleted_at: null,
            request_key: null,
          })),
        )
        .returning('id')
        .execute();
      const ids = rows.map((x) => x.id);
      const terms = batch.map(({ input }) => indexTerms(searchableText(input)).join(' '));
      const values = ids.map((id, k) =>
        pg ? sql`(${id}, to_tsvector('simple', ${terms[k]}))` : sql`(${id}, ${terms[k]})`,
      );
      await sql`insert into ${sql.raw(pg ? 'question_search (question_id, tokens)' : 'question_fts (rowid, tokens)')} values ${sql.join(values)}`.execute(
        trx,
      );
      const sigs = batch.map(({ input }) => signatureOf(similarityText(input)));
      await trx
        .insertInto('question_signatures')
        .values(ids.map((id, k) => ({ question_id: id, signature: encodeSignature(sigs[k]) })))
        .execute();
      await trx
        .insertInto('question_bands')
        .values(
          ids.flatMap((id, k) =>
            bandKeys(sigs[k]).map((band_key) => ({ question_id: id, band_key })),
          ),
        )
        .execute();
      const links = ids.flatMap((id, k) =>
        batch[k].points.map((point_id) => ({ question_id: id, point_id })),
      );
      if (links.length) await trx.insertInto('question_points').values(links).execute();
    });
  }
  if (pg) await sql`analyze`.execute(db);
  console.log(
    `  wrote ${N} questions with index and signatures in ${((performance.now() - started) / 1000) | 0} s`,
  );
  return { schoolId: school.id, pointIds };
}

async function time(fn, runs) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], max: times[runs - 1], result };
}

async function run(db, label) {
  await migrate(db);
  console.log(`${label}:`);
  const { schoolId, pointIds } = await fill(db);
  const base = {
    bank: 'school',
    subjectCode: '02',
    stage: null,
    gradeNum: null,
    type: null,
    difficulty: null,
    pointId: null,
    source: '',
    year: null,
    keyWord: '',
    pageNum: 1,
    pageSize: 10,
  };
  const cases = [
    ['list, no words', base],
    ['words 等比数列 (common)', { ...base, keyWord: '等比数列' }],
    ['words 公比 前 项和 + 难度', { ...base, keyWord: '公比 前 项和', difficulty: 3 }],
    ['words 图书馆 旅行 (rare pair)', { ...base, keyWord: '图书馆 旅行' }],
    ['knowledge point 数列 (with children)', { ...base, pointId: pointIds.get('02').get('数列') }],
    [
      'point 数列 + words 首项 + page 5',
      { ...base, pointId: pointIds.get('02').get('数列'), keyWord: '首项', pageNum: 5 },
    ],
    ['cloud bank, words 对称轴', { ...base, bank: 'cloud', keyWord: '对称轴' }],
    ['语文 words 苏轼', { ...base, subjectCode: '01', keyWord: '苏轼' }],
  ];
  for (const [name, query] of cases) {
    const t = await time(() => searchQuestions(db, schoolId, query), 15);
    console.log(
      `  search ${name}: median ${ms(t.median)}, max ${ms(t.max)} (${t.result.total} found)`,
    );
  }
  const sample = await db
    .selectFrom('questions')
    .select(['id', 'subject_code'])
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .limit(15)
    .execute();
  const byId = await time(
    (i) =>
      similarQuestions(db, schoolId, {
        questionId: sample[i].id,
        subjectCode: sample[i].subject_code,
        limit: 10,
      }),
    sample.length,
  );
  console.log(
    `  similar by question: median ${ms(byId.median)}, max ${ms(byId.max)} (${byId.result.length} returned)`,
  );
  const byText = await time(
    () =>
      similarQuestions(db, schoolId, {
        text: '已知等比数列 $\\{a_n\\}$ 的首项为 $3$，公比为 $2$，则其前 $4$ 项和 $S_4=$____。',
        subjectCode: '02',
        limit: 10,
      }),
    10,
  );
  console.log(
    `  similar by text: median ${ms(byText.median)}, max ${ms(byText.max)} (top similarity ${byText.result[0]?.similarity ?? '-'})`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bank-bench-'));
const lite = createDatabase({ dialect: 'sqlite', file: join(dir, 'bank.db') });
try {
  await run(lite, `SQLite, ${N} questions`);
} finally {
  await lite.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const url = process.env.EXAMKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_bank_${process.pid}`;
const admin = createDatabase({ dialect: 'postgres', connectionString: url, poolSize: 1 });
let reachable = true;
try {
  await sql`create schema ${sql.raw(schema)}`.execute(admin);
} catch {
  reachable = false;
  console.log('PostgreSQL: not reachable, skipped');
}
if (reachable) {
  const pgdb = createDatabase({ dialect: 'postgres', connectionString: url, schema, poolSize: 4 });
  try {
    await run(pgdb, `PostgreSQL, ${N} questions`);
  } finally {
    await pgdb.destroy();
    await sql`drop schema ${sql.raw(schema)} cascade`.execute(admin);
  }
}
await admin.destroy();
