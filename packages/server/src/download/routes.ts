import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { DOWNLOAD_FILE_URL, downloadRoutes } from '@examkit/contracts';
import { zipSync, type Zippable } from 'fflate';
import { Type } from 'typebox';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope, subjectClassScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import {
  assertExamVisible,
  EXAM_SINGLE,
  loadSubject,
  requireAnyPermission,
  SHEET_TOOL,
  type ExamRow,
  type SubjectRow,
} from '../exam/access';
import { layoutSubjectSheet, parseDesign } from '../exam/sheets';
import type { DownloadJobs } from './jobs';

export interface DownloadDeps extends DomainDeps {
  downloads: DownloadJobs;
}

const TAG = 'download';
export const ZIP = 'application/zip';
/** A part of a file name or zip path, without the characters file systems refuse. */
export const safe = (part: string) => part.trim().replace(/[\\/:*?"<>|]/g, '_') || '_';
/** The parts that are there, joined into a file name. */
export const nameOf = (parts: (string | undefined)[]) =>
  parts
    .filter((p): p is string => Boolean(p))
    .map(safe)
    .join('-');

/**
 * A subject of an exam in the caller's scope, and the classes whose students they may see
 * (null: every class); `classId` narrows to one class, refused as missing when out of scope.
 */
async function subjectInScope(
  db: DomainDeps['db'],
  session: SessionInfo,
  keys: readonly string[],
  examSubjectId: number,
  classId: number | undefined,
): Promise<{ exam: ExamRow; subject: SubjectRow; classIds: number[] | null }> {
  await requireAnyPermission(db, session, keys);
  const { exam, subject } = await loadSubject(db, session.schoolId, examSubjectId);
  const scope = await loadScope(db, session);
  assertExamVisible(scope, exam);
  let classIds = await subjectClassScope(db, scope, subject);
  if (classId !== undefined) {
    if (classIds !== null && !classIds.includes(classId)) throw notFound('班级不存在');
    classIds = [classId];
  }
  return { exam, subject, classIds };
}

/** Registers the download centre's calls: the caller's jobs, their files, and the zip exports. */
export function registerDownloadRoutes(router: Router, deps: DownloadDeps): void {
  const { db, files, downloads } = deps;
  const r = downloadRoutes;

  router.sessionRoute(r.downloadList, TAG, async ({ body, session }) =>
    downloads.list(session, body.pageNum, body.pageSize),
  );
  router.sessionRoute(r.downloadStatus, TAG, async ({ body, session }) =>
    downloads.status(session, body.jobId),
  );
  router.sessionRoute(r.downloadDelete, TAG, async ({ body, session }) => {
    await downloads.remove(session, body.jobId);
    return null;
  });
  router.sessionDownload(
    {
      url: DOWNLOAD_FILE_URL,
      summary: "a finished download-centre job's file; only its starter gets it",
      query: Type.Object({ jobId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    },
    TAG,
    async ({ query, session }) => {
      const file = await downloads.file(session, query.jobId);
      return {
        fileName: file.fileName,
        contentType: file.contentType,
        body: Buffer.from(file.body),
      };
    },
  );

  router.sessionRoute(r.downloadScans, TAG, async ({ body, session }) => {
    const { exam, subject, classIds } = await subjectInScope(
      db,
      session,
      EXAM_SINGLE,
      body.examSubjectId,
      body.classId,
    );
    const className = await classNameOf(db, body.classId);
    const { jobId } = await downloads.start(session, {
      kind: 'scans',
      title: nameOf([exam.name, subject.subject_name, className, '答题卡扫描图像']),
      params: { examSubjectId: subject.id, classId: body.classId },
      async run(progress) {
        progress(0, '正在查找答题卡');
        const sheets = await db
          .selectFrom('scan_sheets as sh')
          .leftJoin('exam_students as es', (j) =>
            j.onRef('es.student_id', '=', 'sh.student_id').onRef('es.exam_id', '=', 'sh.exam_id'),
          )
          .leftJoin('students as s', 's.id', 'sh.student_id')
          .leftJoin('classes as c', 'c.id', 'es.class_id')
          .select([
            'sh.id',
            'sh.image_key',
            'sh.scan_page',
            'sh.template_page',
            'es.class_id',
            'es.exam_no',
            's.name',
            'c.name as class_name',
          ])
          .where('sh.exam_subject_id', '=', subject.id)
          .where('sh.discarded', '=', 0)
          .where('sh.image_key', 'is not', null)
          // sheets of no known student are the managers' (classIds null) and only without a class filter
          .$if(classIds !== null, (q) => q.where('es.class_id', 'in', [0, ...(classIds ?? [])]))
          .orderBy('es.class_id')
          .orderBy('es.exam_no')
          .orderBy('sh.template_page')
          .orderBy('sh.id')
          .execute();
        const entries: Zippable = {};
        for (const [n, sheet] of sheets.entries()) {
          const bytes = sheet.image_key ? await files.get(sheet.image_key) : null;
          if (bytes) {
            const page = (sheet.template_page ?? sheet.scan_page) + 1;
            const path =
              sheet.exam_no && sheet.class_name
                ? `${safe(sheet.class_name)}/${safe(sheet.exam_no)}-${safe(sheet.name ?? '')}-第${page}页.png`
                : `未识别考生/答题卡${sheet.id}.png`;
            entries[path] = [bytes, { level: 0 }];
          }
          progress(((n + 1) / sheets.length) * 90, `正在打包答题卡 ${n + 1}/${sheets.length}`);
        }
        if (Object.keys(entries).length === 0) throw notFound('没有可导出的答题卡图像');
        progress(95, '正在生成压缩包');
        return {
          fileName: `${nameOf([exam.name, subject.subject_name, className, '答题卡扫描图像'])}.zip`,
          contentType: ZIP,
          body: zipSync(entries),
        };
      },
    });
    return { jobId };
  });

  router.sessionRoute(r.downloadSheets, TAG, async ({ body, session }) => {
    const { exam, subject, classIds } = await subjectInScope(
      db,
      session,
      SHEET_TOOL,
      body.examSubjectId,
      body.classId,
    );
    const className = await classNameOf(db, body.classId);
    const title = [exam.name, subject.subject_name, className, '考生答题卡'];
    const { jobId } = await downloads.start(session, {
      kind: 'sheets',
      title: nameOf(title),
      params: { examSubjectId: subject.id, classId: body.classId },
      async run(progress) {
        progress(0, '正在排版答题卡');
        const document = await layoutSubjectSheet(db, subject, parseDesign(subject.sheet_design));
        const electives = await db
          .selectFrom('exam_student_electives')
          .select('student_id')
          .where('exam_subject_id', '=', subject.id)
          .execute();
        const takers = new Set(electives.map((e) => e.student_id));
        const students = (
          await db
            .selectFrom('exam_students as es')
            .innerJoin('students as s', 's.id', 'es.student_id')
            .innerJoin('classes as c', 'c.id', 'es.class_id')
            .select(['es.student_id', 'es.exam_no', 's.name', 'c.name as class_name'])
            .where('es.exam_id', '=', exam.id)
            .$if(classIds !== null, (q) => q.where('es.class_id', 'in', [0, ...(classIds ?? [])]))
            .orderBy('es.class_id')
            .orderBy('es.exam_no')
            .execute()
        ).filter((s) => takers.size === 0 || takers.has(s.student_id));
        if (students.length === 0) throw notFound('没有考生');
        const entries: Zippable = {};
        for (const [n, s] of students.entries()) {
          const pdf = await renderSheetPdf(document, {
            student: { examNumber: s.exam_no, name: s.name },
          }).catch((error: unknown) => {
            if (error instanceof RangeError)
              throw badRequest(`${s.name}的考号“${s.exam_no}”与答题卡的考号位数设置不符`);
            throw error;
          });
          entries[`${safe(s.class_name)}/${safe(s.exam_no)}-${safe(s.name)}.pdf`] = pdf;
          progress(((n + 1) / students.length) * 95, `正在生成答题卡 ${n + 1}/${students.length}`);
        }
        return { fileName: `${nameOf(title)}.zip`, contentType: ZIP, body: zipSync(entries) };
      },
    });
    return { jobId };
  });
}

async function classNameOf(db: DomainDeps['db'], classId: number | undefined) {
  if (classId === undefined) return undefined;
  const row = await db
    .selectFrom('classes')
    .select('name')
    .where('id', '=', classId)
    .executeTakeFirst();
  return row?.name;
}
