import { sql, type SqlBool } from 'kysely';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';

/** Marker of an account without a password: it signs in by phone code until one is set. */
export const NO_PASSWORD = '!';

/** `13812345678` → `138****5678`, unless the caller may see phone numbers. */
export function maskTel(tel: string | null, canSee: boolean): string | null {
  if (tel === null || canSee) return tel;
  return tel.length >= 7 ? `${tel.slice(0, 3)}****${tel.slice(-4)}` : '****';
}

/**
 * A login name that is a phone number (a teacher added without a login name gets their phone)
 * is masked like the phone itself, unless the caller may see phone numbers.
 */
export function maskLoginName(loginName: string, canSee: boolean): string {
  return /^1[0-9]{10}$/.test(loginName) ? (maskTel(loginName, canSee) ?? loginName) : loginName;
}

export interface ClassRow {
  id: number;
  name: string;
  gradeId: number;
  gradeName: string;
}

/** A class of the school in the academic year; another school's id reads as not found. */
export async function classOf(
  db: Db,
  schoolId: number,
  academicYear: number,
  classId: number,
): Promise<ClassRow> {
  const row = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.id as gradeId', 'g.name as gradeName'])
    .where('c.id', '=', classId)
    .where('g.school_id', '=', schoolId)
    .where('g.academic_year', '=', academicYear)
    .executeTakeFirst();
  if (!row) throw notFound('班级不存在');
  return row;
}

export async function gradeOf(db: Db, schoolId: number, academicYear: number, gradeId: number) {
  const row = await db
    .selectFrom('grades')
    .select(['id', 'name', 'grade_num', 'academic_year'])
    .where('id', '=', gradeId)
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .executeTakeFirst();
  if (!row) throw notFound('年级不存在');
  return row;
}

export async function subjectOf(db: Db, schoolId: number, subjectId: number) {
  const row = await db
    .selectFrom('subjects')
    .select(['id', 'name', 'code'])
    .where('id', '=', subjectId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw notFound('学科不存在');
  return row;
}

export async function subjectsOf(db: Db, schoolId: number) {
  return db
    .selectFrom('subjects')
    .select(['id', 'name', 'code'])
    .where('school_id', '=', schoolId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A teacher (user with a teacher row) of the school, not deleted; another school's id reads as not found. */
export async function teacherOf(db: Db, schoolId: number, userId: number) {
  const row = await db
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.login_name', 'u.nick_name', 'u.tel', 'u.status', 't.subject'])
    .where('u.id', '=', userId)
    .where('t.school_id', '=', schoolId)
    .where('u.status', '!=', 2)
    .executeTakeFirst();
  if (!row) throw notFound('教师不存在');
  return row;
}

export { pageOf } from '../core/listing';

/** `%` and `_` in a keyword are matched literally. */
export function likePattern(keyWord: string): string {
  return `%${keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `keyWord`, wildcards taken literally. The escape character is
 * spelled out because SQLite's LIKE has none by default and PostgreSQL's is `\`.
 */
export function contains(column: string, keyWord: string) {
  return sql<SqlBool>`${sql.ref(column)} like ${likePattern(keyWord)} escape '\\'`;
}

export const unique = <T>(items: readonly T[]) => [...new Set(items)];
