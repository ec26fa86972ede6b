import sharp from 'sharp';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { changeBlockState, registerPapers, saveBlock } from '../marking/blocks';
import { prng } from './prng';
import { studentsOfClasses } from './queries';
import { createSeedExam, type ExamForm } from './seedExamRows';

/** The demo marking exam (docs/marking.md, docs/exams.md "Demo data"). */
export const DEMO_MARKING_EXAM = '2026学年高一数学十一月月考';

/** Markers of the demo blocks; `teacher` needs a role with Exam-Wuhen to open them. */
const MARKERS = ['teacher', 'grader', 't001', 't002', 't003'];
const EXTRA_GRADERS = ['t001', 't002', 't003'];

const SEEDED_AT = Date.parse('2026-11-18T08:00:00+08:00');

interface DemoQuestion {
  number: string;
  marks: number;
  /** Lines a student might write, a few drawn per crop. */
  lines: string[];
}

interface DemoBlock {
  name: string;
  questions: DemoQuestion[];
  guide: string;
  answer: string;
  tolerance: number;
}

const BLOCKS: DemoBlock[] = [
  {
    name: '第17题 函数',
    tolerance: 2,
    guide:
      '(1) 求出 f(x) 的单调区间 4 分；(2) 求出最值 4 分；结论 2 分。思路正确计算错误酌情给 1–2 分。',
    answer: '(1) 单调递增区间 (−∞, 1)，递减区间 (1, +∞)；(2) 最大值 f(1) = 3。',
    questions: [
      {
        number: '17',
        marks: 10,
        lines: [
          "解：f'(x) = −2x + 2",
          "令 f'(x) > 0 得 x < 1",
          '∴ f(x) 在 (−∞, 1) 上单调递增',
          '在 (1, +∞) 上单调递减',
          '∴ 最大值 f(1) = −1 + 2 + 2 = 3',
          '综上，f(x)max = 3',
          '由题意 Δ = 4 + 8 > 0',
        ],
      },
    ],
  },
  {
    name: '第18题 数列',
    tolerance: 2,
    guide: '(1) 通项公式 6 分，(2) 前 n 项和 6 分；只写结果无过程各给 2 分。',
    answer: '(1) aₙ = 2n − 1；(2) Sₙ = n²。',
    questions: [
      {
        number: '18(1)',
        marks: 6,
        lines: ['解：a₁ = 1, d = 2', '∴ aₙ = a₁ + (n−1)d', '= 2n − 1', '检验 n = 1 成立'],
      },
      {
        number: '18(2)',
        marks: 6,
        lines: ['Sₙ = n(a₁ + aₙ)/2', '= n(1 + 2n − 1)/2', '= n²', '∴ Sₙ = n²'],
      },
    ],
  },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A crop that looks like a handwritten answer: ruled lines, slanted uneven text, a few strokes. */
export function answerSvg(block: DemoBlock, studentIndex: number): string {
  const rand = prng(studentIndex * 7919 + block.name.length * 31);
  const width = 720;
  const lineHeight = 40;
  const rows: string[] = [];
  let y = 44;
  for (const q of block.questions) {
    rows.push(
      `<text x="16" y="${y}" font-family="Noto Sans CJK SC" font-size="18" fill="#555">${escape(q.number)}.</text>`,
    );
    const count = 2 + Math.floor(rand() * (q.lines.length - 1));
    for (let i = 0; i < count; i++) {
      const line = q.lines[i]!;
      const x = 84 + rand() * 18;
      const rot = (rand() - 0.5) * 3;
      const size = 21 + rand() * 4;
      rows.push(
        `<text x="${x.toFixed(1)}" y="${y}" transform="rotate(${rot.toFixed(2)} ${x.toFixed(1)} ${y}) skewX(-8)" font-family="Noto Serif CJK SC" font-size="${size.toFixed(1)}" fill="#1f2a5a" style="font-weight:600">${escape(line)}</text>`,
      );
      y += lineHeight;
    }
    if (rand() < 0.35) {
      // a crossed-out attempt
      const sx = 90 + rand() * 200;
      rows.push(
        `<path d="M${sx} ${y - 30} q 40 -6 ${80 + rand() * 60} 4" stroke="#1f2a5a" stroke-width="2" fill="none"/>`,
      );
    }
    y += 12;
  }
  const height = Math.max(200, y + 8);
  const ruled = Array.from({ length: Math.floor(height / lineHeight) }, (_, i) => {
    const ly = 52 + i * lineHeight;
    return `<line x1="0" y1="${ly}" x2="${width}" y2="${ly}" stroke="#d7dde8" stroke-width="1"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fdfdf8"/>${ruled}${rows.join('')}</svg>`;
}

async function renderCrop(block: DemoBlock, studentIndex: number): Promise<Uint8Array> {
  return sharp(Buffer.from(answerSvg(block, studentIndex)))
    .flatten({ background: '#fdfdf8' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

const userId = async (db: Db, schoolId: number, login: string) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('login_name', '=', login)
      .executeTakeFirst()
  )?.id;

/**
 * Seeds the demo marking exam after `seedDemo`: 数学 of two 高一 classes in state `marking`,
 * two open double-marking blocks (第17题; 第18题 with two sub-questions) with a crop per
 * student in the FileStore (`crops/<examSubjectId>/<blockId>/<studentId>.png`), markers
 * `teacher`, `grader` and `t001`–`t003` (given the 阅卷老师 role), arbitrator and leader
 * `director`.
 * Idempotent: an existing exam of the same name is left as it is.
 */
export async function seedMarking(
  db: Db,
  files: FileStore,
  options: { clock?: Clock; classes?: number } = {},
): Promise<{ examId: number; blockIds: number[] } | null> {
  const clock = options.clock ?? systemClock;
  const school = await db
    .selectFrom('schools')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirst();
  if (!school) return null;
  const schoolId = school.id;
  const existing = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_MARKING_EXAM)
    .executeTakeFirst();
  if (existing) return null;
  const grade = await db
    .selectFrom('grades')
    .select(['id', 'academic_year'])
    .where('school_id', '=', schoolId)
    .where('name', '=', '高一')
    .orderBy('academic_year', 'desc')
    .executeTakeFirst();
  const admin = await userId(db, schoolId, 'admin');
  const director = await userId(db, schoolId, 'director');
  if (!grade || !admin || !director) return null;
  const markerIds: number[] = [];
  for (const login of MARKERS) {
    const id = await userId(db, schoolId, login);
    if (id) markerIds.push(id);
  }
  // t001–t003 mark as 阅卷老师 this year (任课教师 has no Exam-Wuhen); grader already is one.
  const graderRole = await db
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', '阅卷老师')
    .executeTakeFirst();
  if (graderRole) {
    for (const login of EXTRA_GRADERS) {
      const id = await userId(db, schoolId, login);
      if (id)
        await db
          .insertInto('user_roles')
          .values({ user_id: id, role_id: graderRole.id, academic_year: grade.academic_year })
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
  }
  const classes = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .orderBy('id')
    .limit(options.classes ?? 2)
    .execute();
  if (classes.length === 0) return null;
  const students = await studentsOfClasses(
    db,
    classes.map((c) => c.id),
  );

  // The school's code for 数学 (administration seed), so the exam form lists it once.
  const math = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', '数学')
    .executeTakeFirst();
  const subjectCode = math?.code ?? '数学';
  const fullMarks = BLOCKS.reduce(
    (sum, b) => sum + b.questions.reduce((t, q) => t + q.marks, 0),
    0,
  );
  const body: ExamForm = {
    name: DEMO_MARKING_EXAM,
    examType: '月测',
    gradeId: grade.id,
    examDate: '2026-11-18',
    subjects: [{ subjectCode, subjectName: '数学', fullMarks, elective: false }],
    classIds: classes.map((c) => c.id),
  };
  const { examSubjectId, examId, questionIds } = await db.transaction().execute(async (trx) => {
    const {
      examId,
      subjectIds: [subjectId],
    } = await createSeedExam(trx, {
      schoolId,
      academicYear: grade.academic_year,
      createdBy: admin,
      at: SEEDED_AT,
      state: 'marking',
      form: body,
      students,
    });
    const ids: number[][] = [];
    let order = 1;
    for (const block of BLOCKS) {
      const blockIds: number[] = [];
      for (const q of block.questions) {
        const row = await trx
          .insertInto('exam_questions')
          .values({
            exam_subject_id: subjectId!,
            parent_id: null,
            number: q.number,
            kind: 'subjective',
            full_marks: q.marks,
            option_count: null,
            answer: null,
            partial_marks: null,
            score_step: 0.5,
            blank_count: null,
            knowledge_points: '[]',
            abilities: '[]',
            sort_order: order++,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        blockIds.push(row.id);
      }
      ids.push(blockIds);
    }
    return { examId, examSubjectId: subjectId!, questionIds: ids };
  });

  const blockIds: number[] = [];
  for (const [i, block] of BLOCKS.entries()) {
    const blockId = await saveBlock(db, clock, schoolId, {
      examSubjectId,
      name: block.name,
      questionIds: questionIds[i]!,
      mode: 'double',
      tolerance: block.tolerance,
      scoreStep: 0.5,
      distribution: 'pool',
      anonymous: true,
      guide: block.guide,
      answer: block.answer,
      recheckPercent: 0,
      leaseMinutes: 5,
      markers: markerIds.map((id) => ({ userId: id })),
      arbitrators: [director],
      leaders: [director],
    });
    const papers = students.map((s) => ({
      studentId: s.id,
      cropKey: `crops/${examSubjectId}/${blockId}/${s.id}.png`,
    }));
    // A few at a time: libvips renders on its own threads.
    for (let k = 0; k < papers.length; k += 8)
      await Promise.all(
        papers.slice(k, k + 8).map(async (p, j) => {
          await files.put(p.cropKey, await renderCrop(block, k + j + i * 1000));
        }),
      );
    await registerPapers(db, clock, blockId, papers);
    await changeBlockState(db, clock, blockId, 'start');
    blockIds.push(blockId);
  }
  return { examId, blockIds };
}
