import { Type } from 'typebox';
import { Obj, post, titled as t } from './builders';
import { ByHomework } from './homeworkIds';

/**
 * /homework/download-assistant (下载助手): a homework's exports run as download-centre jobs. The
 * spec names the page only; the call is examkit's (docs/homework.md "下载助手").
 */

/** The 下载助手 calls. */
export const homeworkDownloadRoutes = {
  scoresJob: post(
    '/marking-homework/homework/download-assistant/scores',
    'start the download-centre job of a homework’s 成绩单 (the caller’s students, a column a question)',
    ByHomework,
    Type.Object({ jobId: Type.Integer() }),
  ),
  scansJob: post(
    '/marking-homework/homework/download-assistant/scans',
    'start the download-centre job of a homework’s scanned hand-ins as a zip (the caller’s students)',
    ByHomework,
    Type.Object({ jobId: Type.Integer() }),
  ),
  sheetsJob: post(
    '/marking-homework/homework/download-assistant/sheets',
    'start the download-centre job of the answer sheets (PDF) of several homework, as a zip',
    Obj({
      ids: t(
        '作业',
        Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 20, uniqueItems: true }),
      ),
    }),
    Type.Object({ jobId: Type.Integer() }),
  ),
};
