import {
  resourceWrongDownloads,
  resourceWrongRoutes,
  WRONG_FILE_FORMATS,
  type WrongFileFormat,
} from '@examkit/contracts';
import { Type } from 'typebox';
import { DOCX_TYPE } from '../core/attachment';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, inScopeClass } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DownloadJobs } from '../download/jobs';
import { homeworkClassErrors, homeworkPracticePaper } from '../teaching/consolidate';
import { insertPaper, sectionsByType } from './papers';
import { loadQuestions } from './questions';
import { errorBank } from './wrongBank';
import { classWeakPoints, classWeakQuestions } from './wrongClasses';
import { openExam } from './wrongExams';
import {
  notebookDocument,
  practiceDocument,
  writeDocx,
  writePdf,
  type ExportDocument,
} from './wrongExport';
import { studentWrongList, studentWrongQuestions } from './wrongStudents';

export interface ResourceWrongDeps {
  db: Db;
  clock: Clock;
  downloads: DownloadJobs;
}

const TAG = 'resource';
/** 学生错题 (spec 001 §2 Resources) and the 错题本. */
export const STUDENT_KEYS = ['StudySituation'];
/** 作文资源·易错点/薄弱点 and 巩固 (common errors, weak points). */
export const CLASS_KEYS = [
  'StudySituation',
  'Composing',
  'Consolidate-CommitError',
  'Consolidate-WeakKnowledgePoint',
];
/** 相似题推荐 is a page of the grade report's key in the route catalogue (spec 001 §2). */
export const REPORT_KEYS = ['Exam-Single-Report-Grade'];
/**
 * 相似题推荐 and the 错题练习 made from it: the grade report's page, and 巩固提升·易错题, which
 * makes a class's practice paper in one step (docs/teaching-views.md). The data scope still
 * keeps each caller to their classes.
 */
export const PRACTICE_KEYS = [...REPORT_KEYS, 'Consolidate-CommitError'];
/** 错题库 (智能组卷). */
export const BANK_KEYS = ['Generate', 'StudySituation'];

const Format = Type.Union(WRONG_FILE_FORMATS.map((f) => Type.Literal(f)));

async function scopeFor(db: Db, session: SessionInfo, keys: string[]) {
  const access = accessOf(db, session);
  const codes = await access.codes();
  if (!keys.some((k) => codes.has(k))) throw forbidden('没有该操作的权限');
  return access.scope();
}

async function file(doc: ExportDocument | ExportDocument[], format: WrongFileFormat, name: string) {
  return format === 'docx'
    ? { fileName: `${name}.docx`, contentType: DOCX_TYPE, body: await writeDocx(doc) }
    : { fileName: `${name}.pdf`, contentType: 'application/pdf', body: await writePdf(doc) };
}

/** Registers error questions, recommendations and the 错题本 (docs/resources.md). */
export function registerResourceWrongRoutes(
  router: Router,
  { db, clock, downloads }: ResourceWrongDeps,
): void {
  const r = resourceWrongRoutes;
  router.sessionRoute(r.studentWrongList, TAG, async ({ body, session }) =>
    studentWrongList(db, clock, await scopeFor(db, session, STUDENT_KEYS), body),
  );
  router.sessionRoute(r.studentWrongDetail, TAG, async ({ body, session }) =>
    studentWrongQuestions(
      db,
      clock,
      await scopeFor(db, session, STUDENT_KEYS),
      body.studentId,
      body,
    ),
  );
  router.sessionRoute(r.commonErrors, TAG, async ({ body, session }) => {
    const scope = await scopeFor(db, session, CLASS_KEYS);
    return classWeakQuestions(db, await openExam(db, clock, scope, body.examId), body.limit, false);
  });
  router.sessionRoute(r.weakPoints, TAG, async ({ body, session }) => {
    const scope = await scopeFor(db, session, CLASS_KEYS);
    return classWeakPoints(await openExam(db, clock, scope, body.examId), body.limit);
  });
  router.sessionRoute(r.similarRecommend, TAG, async ({ body, session }) => {
    const scope = await scopeFor(db, session, PRACTICE_KEYS);
    return classWeakQuestions(db, await openExam(db, clock, scope, body.examId), body.limit, true);
  });
  // 巩固提升 over 校本作业: the homework report's figures per class (teaching/consolidate.ts)
  router.sessionRoute(r.homeworkClassErrors, TAG, async ({ body, session }) => {
    await scopeFor(db, session, CLASS_KEYS);
    return homeworkClassErrors(db, accessOf(db, session), body);
  });
  router.sessionRoute(r.homeworkPracticePaper, TAG, async ({ body, session }) => {
    await scopeFor(db, session, PRACTICE_KEYS);
    const access = accessOf(db, session);
    await access.require('Resources');
    return homeworkPracticePaper(db, access, session, body, clock.now().getTime());
  });
  router.sessionRoute(r.errorBank, TAG, async ({ body, session }) =>
    errorBank(db, clock, await scopeFor(db, session, BANK_KEYS), body),
  );

  router.sessionDownload(
    {
      url: resourceWrongDownloads.notebook,
      summary: "a student's 错题本 (.docx or PDF) with practice questions and answers",
      query: Type.Object(
        {
          studentId: Type.Integer({ minimum: 1 }),
          format: Format,
          subjectName: Type.Optional(Type.String({ maxLength: 20 })),
          dateFrom: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' })),
          dateTo: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const scope = await scopeFor(db, session, STUDENT_KEYS);
      const data = await studentWrongQuestions(db, clock, scope, query.studentId, {
        subjectName: query.subjectName ?? '',
        dateFrom: query.dateFrom ?? '',
        dateTo: query.dateTo ?? '',
      });
      return file(
        notebookDocument(data.student, data.questions, data.homework),
        query.format,
        `${data.student.name}-错题本`,
      );
    },
  );
  router.sessionDownload(
    {
      url: resourceWrongDownloads.practice,
      summary:
        'a 错题练习 paper of chosen recommended questions (.docx or PDF), answers at the end',
      query: Type.Object(
        {
          examId: Type.Integer({ minimum: 1 }),
          questionIds: Type.String({ minLength: 1, maxLength: 600, pattern: '^\\d+(,\\d+)*$' }),
          format: Format,
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const scope = await scopeFor(db, session, REPORT_KEYS);
      const ctx = await openExam(db, clock, scope, query.examId);
      const ids = [...new Set(query.questionIds.split(',').map(Number))];
      if (ids.length > 50) throw badRequest('一次最多选择 50 道题');
      const found = new Map((await loadQuestions(db, session.schoolId, ids)).map((q) => [q.id, q]));
      if (found.size !== ids.length) throw badRequest('所选试题不存在');
      const questions = ids.map((id) => found.get(id)!);
      const name = ctx.report.snapshot.exam.name;
      return file(practiceDocument(name, questions), query.format, `${name}-错题练习`);
    },
  );

  router.sessionRoute(r.notebookJob, TAG, async ({ body, session }) => {
    const scope = await scopeFor(db, session, STUDENT_KEYS);
    const cls = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'c.grade_id'])
      .where('c.id', '=', body.classId)
      .where('g.school_id', '=', session.schoolId)
      .executeTakeFirst();
    // A class outside the caller's scope answers as a missing one.
    if (!cls || !inScopeClass(scope, cls.id)) throw notFound('班级不存在');
    const range = { subjectName: body.subjectName, dateFrom: body.dateFrom, dateTo: body.dateTo };
    const { jobId } = await downloads.start(session, {
      kind: 'notebook',
      title: `${cls.name}错题本${range.subjectName ? `（${range.subjectName}）` : ''}`,
      params: { classId: cls.id, format: body.format, ...range },
      async run(progress) {
        progress(0, '正在查找学生');
        const { rows } = await studentWrongList(db, clock, scope, {
          gradeId: cls.grade_id,
          classId: cls.id,
          ...range,
        });
        // The students of the class's exams in the range, then its other current students
        // (homework only: a part when they have wrong homework questions).
        const current = await db
          .selectFrom('students')
          .select('id')
          .where('class_id', '=', cls.id)
          .where('school_id', '=', session.schoolId)
          .orderBy('student_no')
          .orderBy('id')
          .execute();
        const examIds = new Set(rows.map((row) => row.studentId));
        const ids = [
          ...rows.map((row) => row.studentId),
          ...current.map((s) => s.id).filter((id) => !examIds.has(id)),
        ];
        const docs: ExportDocument[] = [];
        for (const [i, id] of ids.entries()) {
          progress(Math.round((i * 90) / ids.length), `正在整理错题 ${i + 1}/${ids.length}`);
          const data = await studentWrongQuestions(db, clock, scope, id, range);
          if (!examIds.has(id) && data.homework.length === 0) continue;
          docs.push(notebookDocument(data.student, data.questions, data.homework));
        }
        if (docs.length === 0) throw badRequest('该班级没有可导出的学生');
        progress(90, body.format === 'pdf' ? '正在生成PDF' : '正在生成Word');
        return file(docs, body.format, `${cls.name}-错题本`);
      },
    });
    return { jobId };
  });

  router.sessionRoute(r.practicePaper, TAG, async ({ body, session }) => {
    const scope = await scopeFor(db, session, PRACTICE_KEYS);
    // Saving a paper is the resource area's, as the basket's 组卷 is.
    await accessOf(db, session).require('Resources');
    const ctx = await openExam(db, clock, scope, body.examId);
    const ids = [...new Set(body.questionIds)];
    const found = new Map((await loadQuestions(db, session.schoolId, ids)).map((q) => [q.id, q]));
    if (found.size !== ids.length) throw notFound('所选试题不存在');
    const questions = ids.map((id) => found.get(id)!);
    if (new Set(questions.map((q) => q.subjectCode)).size > 1)
      throw badRequest('一份试卷只能有一个学科的试题，请只勾选同一学科的试题');
    const first = questions[0]!;
    const paperId = await insertPaper(
      db,
      { schoolId: session.schoolId, userId: session.userId },
      {
        subjectCode: first.subjectCode,
        title: body.title,
        subtitle: `${ctx.report.snapshot.exam.name} 错题练习`,
        durationMinutes: 45,
        gradeNum: first.gradeNum,
        sections: sectionsByType(questions.map((question) => ({ question }))),
      },
      clock.now().getTime(),
      body.requestKey,
    );
    return { paperId };
  });
}
