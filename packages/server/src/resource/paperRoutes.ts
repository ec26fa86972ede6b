import { paperDownloads, paperRoutes as r } from '@examkit/contracts';
import { Type } from 'typebox';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import { EXAM_SINGLE, requireAnyPermission } from '../exam/access';
import { pageOf } from '../school/common';
import { DOCX_TYPE } from '../ai/docx';
import { uploadedImageLoader } from '../oss/uploads';
import { renderPaperPdf } from './paperPdf';
import { exportPaperDocx } from './word/exportDocx';
import { groupMembers, inputOf, insertPaper, pageOfPapers, paperDetail } from './papers';
import { paperToExam } from './paperToExam';

const TAG = 'resource';

/** /marking-resources paper and myPaper: school and cloud papers, PDF, copy and 生成考试. */
export function registerPaperRoutes(router: Router, { db, clock, files }: DomainDeps): void {
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
      { schoolId: null, subjectCode: body.subjectCode, keyWord: body.keyWord },
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

  router.sessionRoute(r.detail, TAG, async ({ body, session }) => readablePaper(session, body.id));

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

  router.sessionDownload(
    {
      url: paperDownloads.pdf,
      summary: 'a paper as PDF (answers=1 adds answers and analyses at the end)',
      query: Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          answers: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const paper = await readablePaper(session, query.id);
      return {
        fileName: `${paper.title}.pdf`,
        contentType: 'application/pdf',
        body: await renderPaperPdf(paper, {
          answers: query.answers === 1,
          loadImage: uploadedImageLoader(files),
        }),
      };
    },
  );

  router.sessionDownload(
    {
      url: paperDownloads.docx,
      summary: 'a paper as Word (.docx; answers=1 adds answers and analyses at the end)',
      query: Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          answers: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const paper = await readablePaper(session, query.id);
      const body = await exportPaperDocx(
        {
          title: paper.title,
          ...(paper.subtitle ? { subtitle: paper.subtitle } : {}),
          sections: paper.sections.map((s) => ({
            name: s.title,
            questions: s.questions.map((q) => ({ item: q.question, score: q.score })),
          })),
          answers: query.answers === 1 ? 'end' : 'none',
        },
        { loadImage: uploadedImageLoader(files) },
      );
      return {
        fileName: `${paper.title}.docx`,
        contentType: DOCX_TYPE,
        body: body as Buffer,
      };
    },
  );
}
