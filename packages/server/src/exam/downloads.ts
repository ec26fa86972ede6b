import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { examDownloads } from '@examkit/contracts';
import { Type } from 'typebox';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope, subjectClassScope } from '../core/scope';
import {
  assertExamManager,
  assertExamVisible,
  EXAM_SINGLE,
  loadSubject,
  requireAnyPermission,
  SHEET_TOOL,
} from './access';
import { scoreTemplate } from './scoreImport';
import { layoutSubjectSheet, parseDesign } from './sheets';
import { QUESTION_HEADER, writeSheet } from './spreadsheets';

export interface ExamDownloadsDeps {
  db: Db;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SubjectQuery = Type.Object(
  {
    examSubjectId: Type.Integer({ minimum: 1 }),
    examNo: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
const TAG = 'exam';

/**
 * Registers the exam domain's binary downloads: the PDF of an answer sheet and the .xlsx
 * templates. @see docs/exams.md
 */
export function registerExamDownloads(router: Router, { db }: ExamDownloadsDeps): void {
  router.sessionDownload(
    {
      url: examDownloads.sheetPdf,
      summary: 'answer sheet PDF (optionally pre-printed for one student)',
      query: SubjectQuery,
    },
    TAG,
    async ({ query, session }) => {
      await requireAnyPermission(db, session, SHEET_TOOL);
      const { exam, subject } = await loadSubject(db, session.schoolId, query.examSubjectId);
      const scope = await loadScope(db, session);
      assertExamVisible(scope, exam);
      let student: { examNumber: string; name: string } | undefined;
      if (query.examNo) {
        const classIds = await subjectClassScope(db, scope, subject);
        const row = await db
          .selectFrom('exam_students as es')
          .innerJoin('students as s', 's.id', 'es.student_id')
          .select(['es.exam_no', 's.name'])
          .where('es.exam_id', '=', exam.id)
          .where('es.exam_no', '=', query.examNo)
          .$if(classIds !== null, (q) => q.where('es.class_id', 'in', [0, ...(classIds ?? [])]))
          .executeTakeFirst();
        if (!row) throw notFound('考生不存在');
        student = { examNumber: row.exam_no, name: row.name };
      }
      const document = await layoutSubjectSheet(db, subject, parseDesign(subject.sheet_design));
      let pdf: Buffer;
      try {
        pdf = await renderSheetPdf(document, student ? { student } : {});
      } catch (error) {
        if (error instanceof RangeError) throw badRequest('考号位数超过答题卡的考号位数设置');
        throw error;
      }
      const who = student ? `-${student.name}` : '';
      return {
        fileName: `${exam.name}-${subject.subject_name}-答题卡${who}.pdf`,
        contentType: 'application/pdf',
        body: pdf,
      };
    },
  );

  router.sessionDownload(
    {
      url: examDownloads.scoreTemplate,
      summary: 'score import template of one subject',
      query: SubjectQuery,
    },
    TAG,
    async ({ query, session }) => {
      await requireAnyPermission(db, session, EXAM_SINGLE);
      const { exam, subject } = await loadSubject(db, session.schoolId, query.examSubjectId);
      const scope = await loadScope(db, session);
      assertExamVisible(scope, exam);
      assertExamManager(scope, exam.grade_id);
      return {
        fileName: `${exam.name}-${subject.subject_name}-成绩导入模板.xlsx`,
        contentType: XLSX,
        body: await scoreTemplate(db, subject),
      };
    },
  );

  router.sessionDownload(
    {
      url: examDownloads.questionTemplate,
      summary: 'paper structure template',
      query: Type.Object({}, { additionalProperties: false }),
    },
    TAG,
    async ({ session }) => {
      await requireAnyPermission(db, session, EXAM_SINGLE);
      const body = await writeSheet('试卷结构', QUESTION_HEADER, [
        ['1', '', '单选', 5, 4, 'A', '', '集合', '运算能力'],
        ['2', '', '多选', 6, 4, 'ABD', 3, '函数', ''],
        ['3', '', '判断', 2, '', '√', '', '', ''],
        ['4', '', '填空', 5, '', '', '', '三角函数', ''],
        ['5', '(1)', '主观', 6, '', '', '', '数列', '推理能力'],
        ['5', '(2)', '主观', 8, '', '', '', '数列', ''],
      ]);
      return { fileName: '试卷结构模板.xlsx', contentType: XLSX, body };
    },
  );
}
