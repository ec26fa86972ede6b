import { Type, type TSchema } from 'typebox';
import { Obj, post } from './builders';

/**
 * /homework/download-assistant (下载助手): a homework's exports run as download-centre jobs. The
 * spec names the page only; the call is examkit's (docs/homework.md "下载助手").
 */

const t = <T extends TSchema>(title: string, schema: T): T => ({ ...schema, title });

/** The 下载助手 call. */
export const homeworkDownloadRoutes = {
  scoresJob: post(
    '/marking-homework/homework/download-assistant/scores',
    'start the download-centre job of a homework’s 成绩单 (the caller’s students, a column a question)',
    Obj({ id: t('作业', Type.Integer({ minimum: 1 })) }),
    Type.Object({ jobId: Type.Integer() }),
  ),
};
