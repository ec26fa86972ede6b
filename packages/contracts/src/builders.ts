import { Type, type TLiteral, type TSchema, type TUnion } from 'typebox';
import { route } from './route';

/**
 * Small schema and route builders the contract modules share. Internal: the package's entry
 * points do not export them.
 */

/** An object that refuses unknown fields. */
export const Obj = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object(props, { additionalProperties: false });

/** A schema with a `title` (the field's Chinese name that forms show in their messages). */
export const titled = <T extends TSchema>(title: string, schema: T): T => ({ ...schema, title });

/** A schema or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * One of a fixed list of string constants, written once as a `const` array: a union of its
 * literals, in its order (the same schema as `Type.Union([Type.Literal(…), …])`).
 */
export const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>;
  }>;

/**
 * The reply fields of a row of one grade and subject (a homework, a composition, a group, a
 * teaching class): id, name, gradeId, gradeName, subjectId, subjectName, in that order.
 */
export const gradeSubjectRow = () => ({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
});

/**
 * The reply fields of a homework question and how often it was answered wrong (高频错题, a
 * workbook's 错题): questionNo, label, type, fullMarks, answered, wrong, wrongRate, in that order.
 */
export const wrongQuestionFields = () => ({
  questionNo: Type.Integer(),
  label: Type.String(),
  type: OneOf(['objective', 'subjective'] as const),
  fullMarks: Type.Number(),
  /** Scored answers, and those below full marks (错). */
  answered: Type.Integer(),
  wrong: Type.Integer(),
  /** Percent of the scored answers that are wrong. */
  wrongRate: Type.Number(),
});

/**
 * The reply fields that name a student in a list of students: studentId, studentNo, name and
 * their administrative class's name, in that order.
 */
export const studentFields = () => ({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  className: Type.String(),
});

/**
 * The reply fields that name a student and their class at the head of a report row (a transcript,
 * a ranking, students to watch): studentId, name, studentNo, classId, className, in that order.
 */
export const studentClassFields = () => ({
  studentId: Type.Integer(),
  name: Type.String(),
  studentNo: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
});

/**
 * The reply fields of a homework's 基本情况 figures over a set of students (a class, the caller's
 * classes): expected, submitted, corrected, average, scoreRate, in that order.
 */
export const handInFigures = () => ({
  expected: Type.Integer(),
  submitted: Type.Integer(),
  corrected: Type.Integer(),
  average: Nullable(Type.Number()),
  scoreRate: Nullable(Type.Number()),
});

/** A row id in a request: a positive integer. */
export const Id = Type.Integer({ minimum: 1 });

/**
 * The key a client makes once per form submission (a UUID): a retried create with the same key
 * answers as the first call and makes nothing new.
 */
export const IdempotencyKey = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9-]+$',
});

/** The paging fields of a list request: `pageNum` from 1, `pageSize` up to a most and a default. */
export const pageFields = (maxPageSize: number, defaultPageSize: number) => ({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: maxPageSize, default: defaultPageSize }),
});

/** `pageFields` with the titles forms show (页码, 每页条数). */
export const titledPageFields = (maxPageSize: number, defaultPageSize: number) => ({
  pageNum: titled('页码', Type.Integer({ minimum: 1, default: 1 })),
  pageSize: titled(
    '每页条数',
    Type.Integer({ minimum: 1, maximum: maxPageSize, default: defaultPageSize }),
  ),
});

/** A signed-in JSON `POST` call. */
export const post = <B extends TSchema, D extends TSchema>(
  url: string,
  summary: string,
  body: B,
  data: D,
) =>
  route({
    method: 'POST',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body,
    query: undefined,
    data,
  });

/** A signed-in `GET` call with neither body nor query. */
export const get = <D extends TSchema>(url: string, summary: string, data: D) =>
  route({
    method: 'GET',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body: undefined,
    query: undefined,
    data,
  });
