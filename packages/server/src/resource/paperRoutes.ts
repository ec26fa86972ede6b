import { downloadRoutes, paperDownloads, paperRoutes as r } from '@examkit/contracts';
import { Type } from 'typebox';
import { DOCX_TYPE } from '../core/attachment';
import type { DomainDeps } from '../core/deps';
import type { FileStore } from '../core/files';
import type { DownloadJobs } from '../download/jobs';
import { badRequest, notFound } from '../core/envelope';
import type { DownloadFile, Router } from '../core/router';
import { accessOf } from '../core/scope';
import { EXAM_SINGLE, requireAnyPermission } from '../exam/access';
import { pageOf } from '../school/common';
import { uploadedImageLoader } from '../oss/uploads';
import { renderPaperPdf } from './paperPdf';
import { exportPaperDocx } from './word/exportDocx';
import { groupMembers, inputOf, insertPaper, pageOfPapers, paperDetail } from './papers';
import { paperToExam } from './paperToExam';
import { withUsage } from './usage';

const TAG = 'resource';

type PaperDetail = Awaited<ReturnType<typeof paperDetail>>;

/**
 * /marking-resources paper and myPaper: school and cloud papers, PDF and Word (direct, and as
 * download-centre jobs), copy and 生成考试.
 */
export function registerPaperRoutes(
  router: Router,
  { db, clock, files, downloads }: DomainDeps & { downloads: DownloadJobs },
): void {
  const now = () => clock.now().getTime();

  /** A paper the caller may open: school papers with Paper-School, cloud papers with Paper-Cloud. */
  const readablePaper = async (session: Parameters<typeof accessOf>[1], id: number) => {
    const access = accessOf(db, session);
    await access.require('Resources');
    const paper = await paperDetail(db, session.schoolId, id);
    await access.require(paper.bank === 'cloud' ? 'Paper-Cloud' : 'Paper-School');
    return paper;
  };

  router.sessionRoute(r.schoolList, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('Paper-School');
    const { pageNum, pageSize, offset } = pageOf(body);
    const page = await pageOfPapers(
      db,
      { schoolId: session.schoolId, subjectCode: body.subjectCode, keyWord: body.keyWord },
      { offset, limit: pageSize },
    );
    return { ...page, pageNum, pageSize };
  });

  router.sessionRoute(r.cloudList, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('Paper-Cloud');
    const { pageNum, pageSize, offset } = pageOf(body);
    const page = await pageOfPapers(
      db,
      {
        schoolId: null,
        cloudFor: session.schoolId,
        subjectCode: body.subjectCode,
        keyWord: body.keyWord,
      },
      { offset, limit: pageSize },
    );
    return { ...page, pageNum, pageSize };
  });

  router.sessionRoute(r.myList, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('Resources');
    const { pageNum, pageSize, offset } = pageOf(body);
    const page = await pageOfPapers(
      db,
      {
        schoolId: session.schoolId,
        createdBy: session.userId,
        subjectCode: body.subjectCode,
        keyWord: body.keyWord,
      },
      { offset, limit: pageSize },
    );
    return { ...page, pageNum, pageSize };
  });

  router.sessionRoute(r.groupList, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('Resources');
    const { pageNum, pageSize, offset } = pageOf(body);
    const page = await pageOfPapers(
      db,
      {
        schoolId: session.schoolId,
        createdByAny: await groupMembers(db, session),
        subjectCode: body.subjectCode,
        keyWord: body.keyWord,
      },
      { offset, limit: pageSize },
    );
    return { ...page, pageNum, pageSize };
  });

  router.sessionRoute(r.detail, TAG, async ({ body, session }) => {
    const paper = await readablePaper(session, body.id);
    const items = await withUsage(
      db,
      clock,
      session.schoolId,
      paper.sections.flatMap((s) => s.questions.map((q) => q.question)),
    );
    const byId = new Map(items.map((q) => [q.id, q]));
    return {
      ...paper,
      sections: paper.sections.map((s) => ({
        ...s,
        questions: s.questions.map((q) => ({ ...q, question: byId.get(q.question.id)! })),
      })),
    };
  });

  router.sessionRoute(r.remove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('Paper-School');
    const paper = await db
      .selectFrom('papers')
      .select(['id', 'created_by'])
      .where('id', '=', body.id)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!paper) throw notFound('试卷不存在');
    if (paper.created_by !== session.userId && !(await access.scope()).schoolWide)
      throw badRequest('只能删除自己组的试卷');
    await db.deleteFrom('papers').where('id', '=', paper.id).execute();
    return null;
  });

  router.sessionRoute(r.copy, TAG, async ({ body, session }) => {
    const paper = await readablePaper(session, body.id);
    await accessOf(db, session).require('Paper-School');
    if (paper.bank !== 'cloud') throw badRequest('只有云试卷可以复制到校本');
    const paperId = await insertPaper(
      db,
      { schoolId: session.schoolId, userId: session.userId },
      inputOf(paper),
      now(),
      body.requestKey,
    );
    return { paperId };
  });

  router.sessionRoute(r.toExam, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('Paper-School');
    await requireAnyPermission(db, session, EXAM_SINGLE);
    return paperToExam(
      db,
      {
        schoolId: session.schoolId,
        userId: session.userId,
        scope: await access.scope(),
        at: now(),
      },
      body,
    );
  });

  const PaperQuery = Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      answers: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    },
    { additionalProperties: false },
  );
  router.sessionDownload(
    {
      url: paperDownloads.pdf,
      summary: 'a paper as PDF (answers=1 adds answers and analyses at the end)',
      query: PaperQuery,
    },
    TAG,
    async ({ query, session }) =>
      paperFile(files, await readablePaper(session, query.id), 'pdf', query.answers === 1),
  );

  router.sessionDownload(
    {
      url: paperDownloads.docx,
      summary: 'a paper as Word (.docx; answers=1 adds answers and analyses at the end)',
      query: PaperQuery,
    },
    TAG,
    async ({ query, session }) =>
      paperFile(files, await readablePaper(session, query.id), 'docx', query.answers === 1),
  );

  // The same files as download-centre jobs (docs/downloads.md): access is checked at the start.
  router.sessionRoute(downloadRoutes.downloadPaper, 'download', async ({ body, session }) => {
    const paper = await readablePaper(session, body.paperId);
    const format = body.format === 'pdf' ? 'PDF' : 'Word';
    const { jobId } = await downloads.start(session, {
      kind: 'paper',
      title: `${paper.title}-试卷${format}${body.answers ? '（含答案）' : ''}`,
      params: { paperId: paper.id, format: body.format, answers: body.answers },
      run: async (progress) => {
        progress(10, `正在生成${format}`);
        // The paper as it is when the job runs, as the direct download gives it.
        const file = await paperFile(
          files,
          await paperDetail(db, session.schoolId, paper.id),
          body.format,
          body.answers,
        );
        progress(100, '已完成');
        return file;
      },
    });
    return { jobId };
  });
}

/** A paper as a file: the PDF renderer or the Word export, with or without the answers at the end. */
async function paperFile(
  files: FileStore,
  paper: PaperDetail,
  format: 'pdf' | 'docx',
  answers: boolean,
): Promise<DownloadFile> {
  if (format === 'pdf')
    return {
      fileName: `${paper.title}.pdf`,
      contentType: 'application/pdf',
      body: await renderPaperPdf(paper, { answers, loadImage: uploadedImageLoader(files) }),
    };
  const body = await exportPaperDocx(
    {
      title: paper.title,
      ...(paper.subtitle ? { subtitle: paper.subtitle } : {}),
      sections: paper.sections.map((s) => ({
        name: s.title,
        questions: s.questions.map((q) => ({ item: q.question, score: q.score })),
      })),
      answers: answers ? 'end' : 'none',
    },
    { loadImage: uploadedImageLoader(files) },
  );
  return { fileName: `${paper.title}.docx`, contentType: DOCX_TYPE, body: body as Buffer };
}
