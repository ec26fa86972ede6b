import {
  DEFAULT_SCORES,
  QUESTION_TYPE_KEYS,
  QUESTION_TYPES,
  type BankPaperInput,
  type BankPaperDetail,
  type BankPaperSummary,
  type BankQuestionItem,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { likePattern } from '../school/common';
import { sql } from 'kysely';
import { readableQuestions } from './basket';
import { cloudOf, ownOrCloudOf } from './cloudScope';
import { loadQuestions } from './questions';

/**
 * Papers: writing one from 组卷 (or a copy, or the demo seed) and reading lists and details.
 * `schoolId` null is the cloud bank's.
 */

type Input = BankPaperInput;
type Summary = Static<typeof BankPaperSummary>;
type Detail = Static<typeof BankPaperDetail>;

/** The sum of a paper's scores, rounded to hundredths against float drift. */
export const fullMarksOf = (input: Input) =>
  Math.round(
    input.sections.reduce((s, sec) => s + sec.questions.reduce((t, q) => t + q.score, 0), 0) * 100,
  ) / 100;

/**
 * Writes a paper (header, sections, questions) in one transaction. Every question must be one
 * the owner may read, of the paper's subject, and used once. With a request key, a retry
 * answers the paper the first call wrote.
 */
export async function insertPaper(
  db: Db,
  owner: { schoolId: number | null; userId: number | null; regionId?: number | null },
  input: Input,
  at: number,
  requestKey: string | null,
): Promise<number> {
  const ids = input.sections.flatMap((s) => s.questions.map((q) => q.questionId));
  if (new Set(ids).size !== ids.length) throw badRequest('同一道试题在试卷中出现了多次');
  const questions =
    owner.schoolId === null
      ? await loadQuestions(db, null, ids)
      : await readableQuestions(db, owner.schoolId, ids);
  if (questions.length !== ids.length) throw notFound('试题不存在');
  if (questions.some((q) => q.subjectCode !== input.subjectCode))
    throw badRequest('试卷中的试题必须属于同一学科');
  const write = async (trx: Db) => {
    if (requestKey !== null) {
      const done = await trx
        .selectFrom('papers')
        .select('id')
        .where((eb) =>
          owner.schoolId === null
            ? eb('school_id', 'is', null)
            : eb('school_id', '=', owner.schoolId),
        )
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
      if (done) return done.id;
    }
    const { id } = await trx
      .insertInto('papers')
      .values({
        school_id: owner.schoolId,
        region_id: owner.regionId ?? null,
        subject_code: input.subjectCode,
        grade_num: input.gradeNum,
        title: input.title.trim(),
        subtitle: input.subtitle.trim(),
        duration_minutes: input.durationMinutes,
        full_marks: fullMarksOf(input),
        created_by: owner.userId,
        created_at: at,
        updated_at: at,
        request_key: requestKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let ord = 0;
    for (const [index, section] of input.sections.entries()) {
      const row = await trx
        .insertInto('paper_sections')
        .values({ paper_id: id, ord: index, title: section.title.trim() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('paper_questions')
        .values(
          section.questions.map((q) => ({
            paper_id: id,
            section_id: row.id,
            question_id: q.questionId,
            ord: ord++,
            score: q.score,
          })),
        )
        .execute();
    }
    return id;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** Which papers a list shows. */
export interface PaperFilter {
  /** The school's papers, or null for the cloud's. */
  schoolId: number | null;
  /** With `schoolId` null: the school reading the cloud (national and its region's papers). */
  cloudFor?: number;
  createdBy?: number;
  /** Papers made by any of these users (a 备课组). */
  createdByAny?: readonly number[];
  subjectCode?: string | undefined;
  keyWord?: string | undefined;
}

const papersWhere = (db: Db, f: PaperFilter) => {
  let q = db
    .selectFrom('papers as p')
    .where((eb) =>
      f.schoolId !== null
        ? eb('p.school_id', '=', f.schoolId)
        : f.cloudFor !== undefined
          ? cloudOf('p', f.cloudFor)
          : eb('p.school_id', 'is', null),
    );
  if (f.createdBy !== undefined) q = q.where('p.created_by', '=', f.createdBy);
  if (f.createdByAny) q = q.where('p.created_by', 'in', [0, ...f.createdByAny]);
  if (f.subjectCode) q = q.where('p.subject_code', '=', f.subjectCode);
  const keyword = f.keyWord?.trim();
  if (keyword) q = q.where(sql<boolean>`p.title like ${likePattern(keyword)} escape '\\'`);
  return q;
};

/** One page of papers, newest first, with the total. */
export async function pageOfPapers(
  db: Db,
  filter: PaperFilter,
  page: { offset: number; limit: number },
): Promise<{ list: Summary[]; total: number }> {
  const base = papersWhere(db, filter);
  const counted = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.school_id',
      'p.subject_code',
      'p.grade_num',
      'p.title',
      'p.duration_minutes',
      'p.full_marks',
      'p.created_at',
      'u.nick_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('paper_questions as pq')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('pq.paper_id', '=', 'p.id')
        .as('question_count'),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const exams = await examsOf(
    db,
    rows.map((r) => r.id),
    filter.schoolId,
  );
  return {
    total: Number(counted.n),
    list: rows.map((r) => ({
      id: r.id,
      bank: r.school_id === null ? ('cloud' as const) : ('school' as const),
      subjectCode: r.subject_code,
      gradeNum: r.grade_num,
      title: r.title,
      questionCount: Number(r.question_count ?? 0),
      fullMarks: Number(r.full_marks),
      durationMinutes: r.duration_minutes,
      createdBy: r.nick_name ?? null,
      createdAt: Number(r.created_at),
      examIds: exams.get(r.id) ?? [],
    })),
  };
}

/** The exams each paper became, for the school (a cloud paper's are per copy, so none). */
async function examsOf(db: Db, paperIds: number[], schoolId: number | null) {
  const out = new Map<number, number[]>();
  if (paperIds.length === 0 || schoolId === null) return out;
  const rows = await db
    .selectFrom('paper_exams')
    .select(['paper_id', 'exam_id'])
    .where('school_id', '=', schoolId)
    .where('paper_id', 'in', paperIds)
    .orderBy('created_at', 'desc')
    .execute();
  for (const r of rows) out.set(r.paper_id, [...(out.get(r.paper_id) ?? []), r.exam_id]);
  return out;
}

/**
 * A paper the school may read (its own or a cloud one) with its sections and questions, or 404
 * (another school's papers answer as missing).
 */
export async function paperDetail(db: Db, schoolId: number, id: number): Promise<Detail> {
  const paper = await db
    .selectFrom('papers as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .selectAll('p')
    .select('u.nick_name')
    .where('p.id', '=', id)
    .where(ownOrCloudOf('p', schoolId))
    .executeTakeFirst();
  if (!paper) throw notFound('试卷不存在');
  const sections = await db
    .selectFrom('paper_sections')
    .select(['id', 'title'])
    .where('paper_id', '=', id)
    .orderBy('ord')
    .execute();
  const items = await db
    .selectFrom('paper_questions')
    .select(['section_id', 'question_id', 'ord', 'score'])
    .where('paper_id', '=', id)
    .orderBy('ord')
    .execute();
  const questions = new Map(
    (
      await loadQuestions(
        db,
        paper.school_id === null ? null : schoolId,
        items.map((i) => i.question_id),
      )
    ).map((q) => [q.id, q]),
  );
  const exams = await examsOf(db, [id], paper.school_id === null ? null : schoolId);
  return {
    id: paper.id,
    bank: paper.school_id === null ? 'cloud' : 'school',
    subjectCode: paper.subject_code,
    gradeNum: paper.grade_num,
    title: paper.title,
    subtitle: paper.subtitle,
    questionCount: items.length,
    fullMarks: Number(paper.full_marks),
    durationMinutes: paper.duration_minutes,
    createdBy: paper.nick_name ?? null,
    createdAt: Number(paper.created_at),
    examIds: exams.get(id) ?? [],
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      questions: items
        .filter((i) => i.section_id === s.id && questions.has(i.question_id))
        .map((i) => ({
          number: i.ord + 1,
          score: Number(i.score),
          question: questions.get(i.question_id)!,
        })),
    })),
  };
}

/** A paper's content as `insertPaper` takes it (to copy it). */
export function inputOf(detail: Detail): Input {
  return {
    subjectCode: detail.subjectCode,
    title: detail.title,
    subtitle: detail.subtitle,
    durationMinutes: detail.durationMinutes,
    gradeNum: detail.gradeNum,
    sections: detail.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => ({ questionId: q.question.id, score: q.score })),
    })),
  };
}

/**
 * Sections of a paper made of chosen questions (错题练习, 组卷助手): one section a question type
 * in the forms' order, the questions in the order given, each with its score (the type's default
 * score unless given).
 */
export function sectionsByType(
  items: readonly { question: BankQuestionItem; score?: number }[],
): Input['sections'] {
  return QUESTION_TYPE_KEYS.flatMap((type) => {
    const questions = items
      .filter((i) => i.question.type === type)
      .map((i) => ({ questionId: i.question.id, score: i.score ?? DEFAULT_SCORES[type] }));
    return questions.length ? [{ title: QUESTION_TYPES[type], questions }] : [];
  });
}

/**
 * The caller's 备课组 (lesson-preparation group) in an academic year: the teachers who teach one
 * of the caller's subjects in one of the same grades, and the caller (docs/resources.md
 * "备课组资源"). Without teaching assignments, the caller alone.
 */
export async function groupMembers(
  db: Db,
  session: { schoolId: number; userId: number; academicYear: number },
): Promise<number[]> {
  const teaching = () =>
    db
      .selectFrom('teaching_assignments as ta')
      .innerJoin('classes as c', 'c.id', 'ta.class_id')
      .where('ta.school_id', '=', session.schoolId)
      .where('ta.academic_year', '=', session.academicYear);
  const mine = await teaching()
    .select(['c.grade_id', 'ta.subject_id'])
    .where('ta.user_id', '=', session.userId)
    .execute();
  if (mine.length === 0) return [session.userId];
  const rows = await teaching()
    .select('ta.user_id')
    .distinct()
    .where((eb) =>
      eb.or(
        mine.map((m) =>
          eb.and([eb('c.grade_id', '=', m.grade_id), eb('ta.subject_id', '=', m.subject_id)]),
        ),
      ),
    )
    .execute();
  return [...new Set([session.userId, ...rows.map((r) => r.user_id)])].sort((a, b) => a - b);
}
