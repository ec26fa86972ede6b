import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import type { AnalysisOptions } from '@examkit/analysis';
import type { Db } from '../../core/database';
import { ApiError } from '../../core/envelope';
import { optionMask } from '../../report/cache';
import {
  examClasses,
  OBJECTIVE_KINDS,
  optionsOf,
  parseList,
  schoolOptions,
} from '../../report/snapshot';
import type { JointRow } from '../access';
import { jointSubjects, readySchools, type JointPart } from '../report';

/** A participating school whose exam is finished or published, with its exam. */
export interface DuckPart extends JointPart {
  examId: number;
}

/** A joint subject as the union has it: the first school's paper (every school has the same). */
export interface DuckSubject {
  /** 1, 2 … in the joint exam's order: the union snapshot's subject id. */
  index: number;
  code: string;
  name: string;
  fullMarks: number;
  /** 选考 in some school: only its takers are in its figures. */
  elective: boolean;
  /** Scored leaves in paper order (full numbers, e.g. `5(1)`). */
  questions: DuckQuestion[];
  /**
   * Per question: whether some school stored a choice of some student (scanned, or imported with
   * a choices column), as the pages' `choicesRecorded` reads the union's answers.
   */
  choicesRecorded: boolean[];
}

/** A scored leaf of the first school's paper, as the union snapshot has it. */
export interface DuckQuestion {
  /** The first school's `exam_questions.id`: the union's question id. */
  id: number;
  number: string;
  /** The question's kind and key, as the snapshot keeps them (the pages show them). */
  kind: string;
  answer: string | null;
  fullMarks: number;
  objective: boolean;
  /** Option labels of an objective question; choices are counted against these. */
  options: string[];
  knowledgePoints: string[];
  abilities: string[];
}

/** A class of a participating school (class ids are unique across schools). */
export interface DuckClass {
  id: number;
  name: string;
  /** The school's group. */
  group: number;
}

/** What was loaded into DuckDB, besides the rows. */
export interface DuckInput {
  parts: DuckPart[];
  /**
   * Every class of the schools' exams (its classes, and its students' classes at the time of the
   * exam), by id: the groups of the class pages' union.
   */
  classes: DuckClass[];
  subjects: DuckSubject[];
  /** The first school's parameters, as the union snapshot takes them. */
  options: AnalysisOptions;
}

/** Rows read from the database per query: memory stays bounded whatever the exam's size. */
export const DEFAULT_PAGE_SIZE = 5000;

/**
 * The participating schools whose exam is finished or published, in the joint exam's order (the
 * schools `readySchoolReports` takes), without reading any school's report.
 */
export async function readyParts(db: Db, joint: JointRow): Promise<DuckPart[]> {
  const ready = await readySchools(db, joint);
  return ready.map((s) => ({
    group: s.sort_order + 1,
    schoolId: s.school_id,
    name: s.name,
    code: s.code,
    examId: s.exam_id,
  }));
}

const TABLES = `
  create table students (student_id integer, grp integer, class_id integer, student_no varchar, name varchar);
  create table subjects (subject integer, name varchar, full_marks double, elective boolean);
  create table questions (subject integer, question integer, full_marks double);
  create table school_subjects (grp integer, subject integer, elective boolean);
  create table raw_totals (grp integer, subject integer, student_id integer, score double, absent boolean);
  create table electives (grp integer, subject integer, student_id integer);
  create table question_scores (grp integer, subject integer, question integer, student_id integer, score double, mask integer, answered boolean);
`;

/** One school's paper of a joint subject: its exam subject and scored leaves. */
export interface OwnPaper {
  examSubjectId: number;
  fullMarks: number;
  elective: boolean;
  leaves: DuckQuestion[];
}

/** The exam subjects of a school's exam in the report's order, each leaf with its full number. */
export async function ownPapers(db: Db, examId: number) {
  const subjects = await db
    .selectFrom('exam_subjects')
    .select(['id', 'subject_code', 'full_marks', 'elective'])
    .where('exam_id', '=', examId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return {
    async paperOf(code: string): Promise<OwnPaper | null> {
      const subject = subjects.find((s) => s.subject_code === code);
      if (!subject) return null;
      const rows = await db
        .selectFrom('exam_questions')
        .select([
          'id',
          'parent_id',
          'number',
          'full_marks',
          'kind',
          'answer',
          'option_count',
          'knowledge_points',
          'abilities',
        ])
        .where('exam_subject_id', '=', subject.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const byId = new Map(rows.map((q) => [q.id, q]));
      const parents = new Set(rows.map((q) => q.parent_id).filter((p) => p !== null));
      const fullNumber = (q: (typeof rows)[number]): string => {
        const parent = q.parent_id === null ? undefined : byId.get(q.parent_id);
        return parent ? `${fullNumber(parent)}${q.number}` : q.number;
      };
      return {
        examSubjectId: subject.id,
        fullMarks: Number(subject.full_marks),
        elective: Boolean(subject.elective),
        leaves: rows
          .filter((q) => !parents.has(q.id))
          .map((q) => ({
            id: q.id,
            number: fullNumber(q),
            kind: q.kind,
            answer: q.answer,
            fullMarks: Number(q.full_marks),
            objective: OBJECTIVE_KINDS.has(q.kind),
            options: optionsOf(q.kind, q.option_count),
            knowledgePoints: parseList(q.knowledge_points),
            abilities: parseList(q.abilities),
          })),
      };
    },
  };
}

/**
 * Streams a select into a DuckDB table through its appender, read in pages of `size` rows in
 * order of `key` (a student id column; each page after the last id read), each row written by
 * `write` and ended here: never more than one page in memory.
 */
async function pour<D, T extends keyof D, O extends { student_id: number }>(
  appender: DuckDBAppender,
  size: number,
  query: SelectQueryBuilder<D, T, O>,
  key: StringReference<D, T>,
  write: (row: O) => void,
): Promise<void> {
  const column = sql.ref<number>(key);
  let after = -1;
  for (;;) {
    const rows = await query.where(column, '>', after).orderBy(column).limit(size).execute();
    for (const r of rows) {
      write(r);
      appender.endRow();
    }
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.student_id;
  }
}

const appendNumber = (appender: DuckDBAppender, value: number | null) => {
  if (value === null) appender.appendNull();
  else appender.appendDouble(value);
};

/**
 * Loads a joint exam's finished schools into DuckDB as the union snapshot holds them
 * (`unionSnapshot`): every student with the school's group, and per joint subject (matched by code
 * to the first of the school's exam subjects with it; 409 when a school lacks it or its leaves
 * differ from the first school's) the totals, 选考 takers and leaf scores, read from SQLite or
 * PostgreSQL in pages of `pageSize` rows and written with DuckDB's appender, into a fresh DuckDB
 * (once per connection). The figures are then computed in SQL (`gradeFigures`).
 */
export async function loadJointInput(
  db: Db,
  duck: DuckDBConnection,
  joint: JointRow,
  options: { pageSize?: number } = {},
): Promise<DuckInput> {
  const size = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const parts = await readyParts(db, joint);
  const joints = await jointSubjects(db, joint);

  // Every school's paper of every joint subject, checked as the union checks them.
  const papers: OwnPaper[][] = [];
  const perPart = await Promise.all(parts.map((p) => ownPapers(db, p.examId)));
  const subjects: DuckSubject[] = [];
  for (const [si, js] of joints.entries()) {
    const own: OwnPaper[] = [];
    for (const [pi, part] of parts.entries()) {
      const paper = await perPart[pi]!.paperOf(js.subject_code);
      if (!paper) throw new ApiError(409, `${part.name}的考试缺少科目${js.subject_name}`);
      own.push(paper);
    }
    const model = own[0]!;
    const numbers = model.leaves.map((q) => q.number).join('|');
    own.forEach((paper, pi) => {
      if (paper.leaves.map((q) => q.number).join('|') !== numbers)
        throw new ApiError(409, `各校${js.subject_name}试卷结构不一致（${parts[pi]!.name}）`);
    });
    papers.push(own);
    subjects.push({
      index: si + 1,
      code: js.subject_code,
      name: js.subject_name,
      fullMarks: model.fullMarks,
      elective: own.some((p) => p.elective),
      questions: model.leaves,
      choicesRecorded: model.leaves.map(() => false),
    });
  }

  await duck.run(TABLES);
  const appenders = new Map<string, DuckDBAppender>();
  const appender = async (table: string) => {
    let a = appenders.get(table);
    if (!a) {
      a = await duck.createAppender(table);
      appenders.set(table, a);
    }
    return a;
  };
  try {
    const subjectRows = await appender('subjects');
    const questionRows = await appender('questions');
    for (const s of subjects) {
      subjectRows.appendInteger(s.index);
      subjectRows.appendVarchar(s.name);
      subjectRows.appendDouble(s.fullMarks);
      subjectRows.appendBoolean(s.elective);
      subjectRows.endRow();
      s.questions.forEach((q, qi) => {
        questionRows.appendInteger(s.index);
        questionRows.appendInteger(qi + 1);
        questionRows.appendDouble(q.fullMarks);
        questionRows.endRow();
      });
    }

    const students = await appender('students');
    const schoolSubjects = await appender('school_subjects');
    const totals = await appender('raw_totals');
    const electives = await appender('electives');
    const scores = await appender('question_scores');
    for (const [pi, part] of parts.entries()) {
      await pour(
        students,
        size,
        db
          .selectFrom('exam_students as es')
          .innerJoin('students as s', 's.id', 'es.student_id')
          .select(['es.student_id', 'es.class_id', 's.student_no', 's.name'])
          .where('es.exam_id', '=', part.examId),
        'es.student_id',
        (r) => {
          students.appendInteger(r.student_id);
          students.appendInteger(part.group);
          students.appendInteger(r.class_id);
          students.appendVarchar(r.student_no);
          students.appendVarchar(r.name);
        },
      );
      for (const s of subjects) {
        const paper = papers[s.index - 1]![pi]!;
        schoolSubjects.appendInteger(part.group);
        schoolSubjects.appendInteger(s.index);
        schoolSubjects.appendBoolean(paper.elective);
        schoolSubjects.endRow();
        /** Every row of a school's subject starts with its group and the subject. */
        const head = (appender: DuckDBAppender) => {
          appender.appendInteger(part.group);
          appender.appendInteger(s.index);
        };
        await pour(
          totals,
          size,
          db
            .selectFrom('exam_subject_totals')
            .select(['student_id', 'score', 'absent'])
            .where('exam_subject_id', '=', paper.examSubjectId),
          'student_id',
          (r) => {
            head(totals);
            totals.appendInteger(r.student_id);
            appendNumber(totals, r.score === null ? null : Number(r.score));
            totals.appendBoolean(Boolean(r.absent));
          },
        );
        if (paper.elective)
          await pour(
            electives,
            size,
            db
              .selectFrom('exam_student_electives')
              .select('student_id')
              .where('exam_subject_id', '=', paper.examSubjectId),
            'student_id',
            (r) => {
              head(electives);
              electives.appendInteger(r.student_id);
            },
          );
        for (const [qi, leaf] of paper.leaves.entries()) {
          // choices are read against the union's (the first school's) options
          const model = s.questions[qi]!;
          await pour(
            scores,
            size,
            db
              .selectFrom('exam_scores')
              .select(['student_id', 'score', 'answer'])
              .where('question_id', '=', leaf.id),
            'student_id',
            (r) => {
              head(scores);
              scores.appendInteger(qi + 1);
              scores.appendInteger(r.student_id);
              scores.appendDouble(Number(r.score));
              if (model.objective) scores.appendInteger(optionMask(model.options, r.answer));
              else scores.appendNull();
              scores.appendBoolean(r.answer !== null);
            },
          );
        }
      }
    }
  } finally {
    for (const a of appenders.values()) a.closeSync();
  }
  // a choice stored for some student of the exams (a blank '' too), as the union's answers hold them
  const answered = await duck.runAndReadAll(
    `select qs.subject, qs.question from question_scores qs
     join students st on st.student_id = qs.student_id and st.grp = qs.grp
     where qs.answered group by qs.subject, qs.question`,
  );
  for (const [subject, question] of answered.getRows())
    subjects[Number(subject) - 1]!.choicesRecorded[Number(question) - 1] = true;
  return {
    parts,
    classes: (await Promise.all(parts.map((part) => examClassesOf(db, part))))
      .flat()
      .sort((a, b) => a.id - b.id),
    subjects,
    options: await schoolOptions(db, parts[0]!.schoolId),
  };
}

/** The classes of a school's exam, as `loadSnapshot` lists them. */
async function examClassesOf(db: Db, part: DuckPart): Promise<DuckClass[]> {
  const rows = await examClasses(db, part.examId);
  return rows.map((c) => ({ id: c.id, name: c.name, group: part.group }));
}
