import { Type } from 'typebox';
import { Obj, post, titled as t } from './builders';
import { HomeworkScanOverview, HomeworkScanPage } from './homeworkSubmission';

/**
 * Scanning the 听写卡 of a 字词练习 (/homework/word-exercise/{id}/scan): each card is recognised
 * against the printed card, matched by 学号, and the words whose 错 box the teacher filled are
 * marked wrong as 批改与正确率 does on screen (docs/homework.md "字词练习"). The answers reuse the
 * homework scan page's shapes.
 */

const W = '/marking-homework/homework/word-exercise/scan';

export const homeworkWordScanRoutes = {
  wordScanUpload: post(
    `${W}/upload`,
    'upload one scanned 听写卡: recognised at once, matched by 学号, the filled 错 boxes marked as the student’s wrong words',
    Obj({
      id: t('字词练习', Type.Integer({ minimum: 1 })),
      fileName: t('文件名', Type.String({ minLength: 1, maxLength: 128 })),
      contentBase64: t('文件内容', Type.String({ minLength: 1, maxLength: 1_000_000 })),
    }),
    HomeworkScanPage,
  ),
  wordScanList: post(
    `${W}/list`,
    'the scanned 听写卡 of a word list with their exceptions, and how many of the caller’s students are marked',
    Obj({ id: t('字词练习', Type.Integer({ minimum: 1 })) }),
    HomeworkScanOverview,
  ),
  wordScanResolve: post(
    `${W}/resolve`,
    'hand an exception card to a student: its filled 错 boxes become their wrong words',
    Obj({
      pageId: t('扫描页', Type.Integer({ minimum: 1 })),
      studentId: t('学生', Type.Integer({ minimum: 1 })),
    }),
    HomeworkScanPage,
  ),
};
