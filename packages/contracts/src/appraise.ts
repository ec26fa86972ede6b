import { Type } from 'typebox';
import { Id, Nullable, Obj, OneOf, post } from './builders';

/**
 * 综合评价 (docs/appraise.md): a level per student, term and item of the school's 能力设置
 * (kind 1) and 素养设置 (kind 2).
 */
export const APPRAISAL_LEVELS = ['A', 'B', 'C', 'D'] as const;
export type AppraisalLevel = (typeof APPRAISAL_LEVELS)[number];
/** The Chinese name of each level. */
export const APPRAISAL_LEVEL_NAMES: Readonly<Record<AppraisalLevel, string>> = {
  A: '优秀',
  B: '良好',
  C: '合格',
  D: '待提高',
};
/** The kinds of item: 1 能力 (能力设置), 2 素养 (素养设置). */
export const APPRAISAL_KIND_NAMES: Readonly<Record<1 | 2, string>> = { 1: '能力', 2: '素养' };
/** The terms of an academic year: 1 上学期, 2 下学期. */
export const APPRAISAL_TERM_NAMES: Readonly<Record<1 | 2, string>> = { 1: '上学期', 2: '下学期' };
/** The longest comment of a record, in characters. */
export const APPRAISAL_COMMENT_MAX = 200;

const A = '/marking-user/appraise';
const Str = Type.String();
const Int = Type.Integer();
const Term = Type.Union([Type.Literal(1), Type.Literal(2)], { title: '学期', default: 1 });
const Kind = Type.Union([Type.Literal(1), Type.Literal(2)], { title: '评价类别', default: 1 });
const Level = { ...OneOf(APPRAISAL_LEVELS), title: '等级' };
/** A comment of a record or a student's term 评语: at most `APPRAISAL_COMMENT_MAX` characters. */
const Comment = (title: string) =>
  Type.String({ maxLength: APPRAISAL_COMMENT_MAX, default: '', title });

/** One recorded level of a student and item. */
const Recorded = Obj({ itemId: Int, level: OneOf(APPRAISAL_LEVELS), comment: Str });

export const appraiseRoutes = {
  sheet: post(
    `${A}/sheet`,
    "a class's students × a subject's items of one kind, with the levels recorded in the term of the session's year",
    Obj({ classId: Nullable(Id), term: Term, kind: Kind, subjectId: Nullable(Id) }),
    Obj({
      academicYear: Int,
      classes: Type.Array(Obj({ classId: Int, className: Str, gradeName: Str })),
      classId: Nullable(Int),
      /** The subjects of the class the caller records, with items of the kind. */
      subjects: Type.Array(Obj({ subjectId: Int, subjectName: Str })),
      subjectId: Nullable(Int),
      items: Type.Array(Obj({ itemId: Int, name: Str })),
      /** Whether the caller writes the term 评语 of the class's students (its 班主任, a grade or school role). */
      canComment: Type.Boolean(),
      students: Type.Array(
        Obj({
          studentId: Int,
          name: Str,
          studentNo: Str,
          records: Type.Array(Recorded),
          /** The student's 评语 of the term ('' when none). */
          termComment: Str,
        }),
      ),
    }),
  ),
  save: post(
    `${A}/save`,
    "records levels of a class's students in a subject's items (an upsert: a retried save changes nothing twice; a null level clears the record) and, for the class's 班主任, the students' term 评语 ('' clears it)",
    Obj({
      classId: Id,
      term: Term,
      kind: Kind,
      /** Null: no subject, only the term 评语 (a class whose subjects have no items); no records then. */
      subjectId: Nullable(Id),
      records: Type.Array(
        Obj({
          studentId: Id,
          itemId: Id,
          level: { ...Nullable(Level), title: '等级' },
          comment: Comment('评语'),
        }),
        { maxItems: 5000, title: '评价记录' },
      ),
      comments: Type.Array(Obj({ studentId: Id, comment: Comment('评语') }), {
        maxItems: 2000,
        default: [],
        title: '学期评语',
      }),
    }),
    /** `saved` levels written, `cleared` removed, `comments` 评语 written or cleared. */
    Obj({ saved: Int, cleared: Int, comments: Int }),
  ),
  exportJob: post(
    `${A}/exportJob`,
    "a class's records of a term as xlsx (a sheet per kind: students down, subject·item across), a download-centre job",
    Obj({ classId: Id, term: Term }),
    Obj({ jobId: Int }),
  ),
  studentExportJob: post(
    `${A}/studentExportJob`,
    "one student's records over every term, with the term 评语, as xlsx, a download-centre job",
    Obj({ studentId: Id }),
    Obj({ jobId: Int }),
  ),
  student: post(
    `${A}/student`,
    "one student's records over every term, in the subjects the caller sees, and the term 评语",
    Obj({ studentId: Id }),
    Obj({
      student: Obj({ studentId: Int, name: Str, studentNo: Str, className: Str, classId: Int }),
      records: Type.Array(
        Obj({
          academicYear: Int,
          term: Int,
          /** The class it was recorded in (null: that class was deleted since). */
          className: Nullable(Str),
          kind: Int,
          subjectName: Str,
          itemName: Str,
          level: OneOf(APPRAISAL_LEVELS),
          comment: Str,
        }),
      ),
      /** The student's 评语 by term, the newest first. */
      comments: Type.Array(
        Obj({ academicYear: Int, term: Int, className: Nullable(Str), comment: Str }),
      ),
    }),
  ),
};
