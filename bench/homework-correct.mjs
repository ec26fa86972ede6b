// The homework correction screen (/homework/correct) on loopback: how long from a score typed and
// Enter to the next hand-in ready to show, over the HTTP calls the page makes for it
// (HomeworkCorrectPage `score` → `next`): correct/score, then correct/overview (the roster and
// statuses again) and correct/submission (the next hand-in) side by side, then GET correct/image
// (its crop of the question). Goal: within 100 ms, like marking (docs/homework.md "Correction benchmark").
//
//   npx tsx --conditions=source bench/homework-correct.mjs               (from the repository root)
//   HOMEWORK_BENCH_HANDINS=600 HOMEWORK_BENCH_SCORES=300 npx tsx --conditions=source bench/homework-correct.mjs
//   HOMEWORK_BENCH_DIALECTS=sqlite …   BENCH_DATABASE_URL=postgres://… …
//
// A server on 127.0.0.1 with the demo school (small) and its assigned homework (函数的单调性练习,
// five questions) handed in by HANDINS students of the teacher's class, each with a scanned crop
// of the two subjective questions; the 任课教师 (`teacher`) scores question 4 of SCORES hand-ins
// in the roster's order. Prints the median, p95 and p99 per dialect and each call's median; exits
// non-zero on an error or when the median is over the goal. Not run in CI.
import { deflateSync } from 'node:zlib';
import { HOMEWORK_SUBMISSION_IMAGE_URL, homeworkSubmissionRoutes } from '@examkit/contracts';
import { createMemoryFileStore, seedDemo } from '@examkit/server';
import { percentile } from '../packages/server/src/marking/simulation.ts';
import { seedHomework } from '../packages/server/src/seed/seedHomework.ts';
import { benchServer, eachDialect, postJson, signInOverHttp } from './support/server.mjs';

const GOAL_MS = 100;
const handIns = Number(process.env.HOMEWORK_BENCH_HANDINS ?? 300);
const scores = Math.min(handIns - 1, Number(process.env.HOMEWORK_BENCH_SCORES ?? 200));
const warmUp = 10;
const dialects = (process.env.HOMEWORK_BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

/** A grey PNG of a handwritten-answer crop's size (ruled lines, about 20 KB), as the scans store. */
function cropPng(width = 900, height = 260, seed = 1) {
  const crc = (buf) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const raw = Buffer.alloc((width + 1) * height);
  let x = seed;
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let i = 0; i < width; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      const ink = y % 40 < 2 || (y % 40 > 12 && y % 40 < 30 && x % 29 === 0);
      raw[y * (width + 1) + 1 + i] = ink ? 40 : 235 + (x % 12);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo homework's class filled up to `handIns` students, each with a scanned hand-in. */
async function seedHandIns(db, files, homeworkId) {
  const hw = await db
    .selectFrom('homeworks as h')
    .innerJoin('homework_assignments as a', 'a.homework_id', 'h.id')
    .select(['h.school_id', 'a.class_id'])
    .where('h.id', '=', homeworkId)
    .executeTakeFirstOrThrow();
  const have = await db
    .selectFrom('students')
    .select('id')
    .where('class_id', '=', hw.class_id)
    .execute();
  const extra = Array.from({ length: Math.max(0, handIns - have.length) }, (_, i) => ({
    school_id: hw.school_id,
    class_id: hw.class_id,
    student_no: `9${String(i + 1).padStart(6, '0')}`,
    name: `压测学生${i + 1}`,
    tel: null,
  }));
  for (let i = 0; i < extra.length; i += 200)
    await db
      .insertInto('students')
      .values(extra.slice(i, i + 200))
      .execute();
  const students = await db
    .selectFrom('students')
    .select('id')
    .where('class_id', '=', hw.class_id)
    .orderBy('student_no')
    .limit(handIns)
    .execute();
  const now = Date.now();
  const crops = [cropPng(900, 260, 1), cropPng(900, 300, 2)];
  for (let i = 0; i < students.length; i += 100) {
    const batch = students.slice(i, i + 100);
    const subs = await db
      .insertInto('homework_submissions')
      .values(
        batch.map((s) => ({
          homework_id: homeworkId,
          school_id: hw.school_id,
          student_id: s.id,
          class_id: hw.class_id,
          status: 'submitted',
          source: 'scan',
          image_key: null,
          score: 10,
          submitted_at: now,
          corrected_by: null,
          corrected_at: null,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const answers = [];
    for (const { id } of subs) {
      for (const [no, answer, score] of [
        [1, 'B', 5],
        [2, 'A', 2.5],
        [3, 'C', 0],
      ])
        answers.push({ submission_id: id, question_no: no, answer, crop_key: null, score });
      for (const [k, no] of [4, 5].entries()) {
        const key = `homework/${hw.school_id}/${homeworkId}/bench/${id}-${no}.png`;
        await files.put(key, crops[k]);
        answers.push({
          submission_id: id,
          question_no: no,
          answer: null,
          crop_key: key,
          score: null,
        });
      }
    }
    await db
      .insertInto('homework_answers')
      .values(
        answers.map((a) => ({
          ...a,
          judgement: a.score === null ? null : a.score === 5 ? 'right' : 'wrong',
          adjustment: null,
          review: 0,
          corrected_by: null,
          corrected_at: a.score === null ? null : now,
        })),
      )
      .execute();
  }
  return students.length;
}

const post = (base, token, route, body) => postJson(`${base}${route.url}`, token, body);

async function bench(db, schema, dialect) {
  const files = createMemoryFileStore();
  await seedDemo(db, { size: 'small' });
  const seeded = await seedHomework(db, files);
  if (!seeded) throw new Error('the demo school has no homework');
  const homeworkId = seeded.ids[2];
  const count = await seedHandIns(db, files, homeworkId);
  const app = await benchServer(db, schema, {
    files,
    rateLimit: { addressLimit: 1_000_000 },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const token = await signInOverHttp(base, 'teacher');
    const r = homeworkSubmissionRoutes;
    const questionNo = 4;

    let overview = await post(base, token, r.correctOverview, { id: homeworkId });
    const roster = overview.students.filter((s) => s.submissionId !== null);
    if (roster.length < count) throw new Error(`roster ${roster.length} of ${count} hand-ins`);
    let current = await post(base, token, r.submission, {
      submissionId: roster[0].submissionId,
    });
    const totals = [];
    const parts = { score: [], overview: [], submission: [], image: [] };
    let bytes = 0;
    for (let i = 0; i < scores; i++) {
      const t0 = performance.now();
      const scored = await post(base, token, r.score, {
        submissionId: current.id,
        questionNo,
        score: (i % 21) / 2,
      });
      const t1 = performance.now();
      // The page opens the next hand-in of the list it shows while the list reloads.
      const handedIn = overview.students.filter((s) => s.submissionId !== null);
      const at = handedIn.findIndex((s) => s.submissionId === scored.id);
      const following = handedIn[at + 1];
      if (!following) throw new Error('no next hand-in');
      let t2 = 0;
      let t3 = 0;
      [overview, current] = await Promise.all([
        post(base, token, r.correctOverview, { id: homeworkId }).then((o) => {
          t2 = performance.now();
          return o;
        }),
        post(base, token, r.submission, { submissionId: following.submissionId }).then((d) => {
          t3 = performance.now();
          return d;
        }),
      ]);
      const both = performance.now();
      if (!current.answers.find((a) => a.questionNo === questionNo)?.hasImage)
        throw new Error('the next hand-in has no crop');
      const image = await fetch(
        `${base}${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${current.id}&questionNo=${questionNo}`,
        { headers: { token, plantform: '1' } },
      );
      if (!image.ok) throw new Error(`image: ${image.status}`);
      const body = await image.arrayBuffer();
      const t4 = performance.now();
      if (i < warmUp) continue;
      bytes = body.byteLength;
      totals.push(t4 - t0);
      parts.score.push(t1 - t0);
      parts.overview.push(t2 - t1);
      parts.submission.push(t3 - t1);
      parts.image.push(t4 - both);
    }
    const stored = await db
      .selectFrom('homework_answers as a')
      .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('s.homework_id', '=', homeworkId)
      .where('a.question_no', '=', questionNo)
      .where('a.corrected_by', 'is not', null)
      .executeTakeFirstOrThrow();
    const median = percentile(totals, 50);
    const ms = (v) => `${v.toFixed(1)} ms`;
    console.log(
      `${dialect.padEnd(9)} ${count} hand-ins, ${totals.length} scores (after ${warmUp} warm-up): ` +
        `Enter → next hand-in shown median ${ms(median)}, p95 ${ms(percentile(totals, 95))}, ` +
        `p99 ${ms(percentile(totals, 99))}, max ${ms(Math.max(...totals))} ` +
        `(goal ${GOAL_MS} ms: ${median <= GOAL_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `          medians: score ${ms(percentile(parts.score, 50))}, overview ${ms(percentile(parts.overview, 50))}, ` +
        `submission ${ms(percentile(parts.submission, 50))}, image ${ms(percentile(parts.image, 50))} (${(bytes / 1024).toFixed(0)} KB); ` +
        `${Number(stored.n)} scores stored`,
    );
    return median <= GOAL_MS && Number(stored.n) === scores;
  } finally {
    await app.close();
  }
}

const ok = await eachDialect(dialects, 'homework', bench);
process.exit(ok ? 0 : 1);
