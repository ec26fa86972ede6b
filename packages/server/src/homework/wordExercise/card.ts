import { layoutSheet, type SheetDocument } from '@examkit/answer-sheet';
import type { Db } from '../../core/database';
import { examNumCountOf } from '../sheet';

/** The id of a word's 错 box on the card (`x3`: the third word) and back. */
export const wrongBoxId = (position: number) => `x${position}`;
export const positionOfWrongBox = (questionId: string) =>
  /^x\d+$/.test(questionId) ? Number(questionId.slice(1)) : null;

/** The card's note: what the student writes, and how the teacher marks a wrong word. */
export const CARD_NOTE = [
  '1．填写姓名，用2B铅笔填涂学号。',
  '2．听写时按序号把字词写在下方对应的方框内。',
  '3．批改：写错的字词，老师在上方同一序号的“×”上涂黑；写对的不涂。',
].join('\n');

/**
 * The 听写卡 of a word list, laid out by the answer-sheet engine: the corner markers and the QR
 * identity `EKW|<id>` the recogniser needs, the 学号 boxes (`examNumCount` digits; the engine's
 * default when undefined), then per word a √/× pair (the teacher fills × for a wrong word;
 * `x<n>`) and a 14 mm box to write it in (`w<n>`), both numbered as the word.
 */
export function layoutWordCard(
  row: { id: number; name: string },
  subjectName: string,
  positions: readonly number[],
  examNumCount: number | undefined,
): SheetDocument {
  return layoutSheet(
    {
      subject: subjectName,
      questions: [
        ...positions.map((p) => ({
          id: wrongBoxId(p),
          number: String(p),
          type: 'judge' as const,
          fullMarks: 1,
        })),
        ...positions.map((p) => ({
          id: `w${p}`,
          number: String(p),
          type: 'subjective' as const,
          fullMarks: 1,
          answerHeightMm: 14,
        })),
      ],
    },
    {
      answerSheetTitle: `${row.name.slice(0, 34)} · 听写卡`,
      attentionContent: CARD_NOTE,
      studentInfoContent: '姓名,班级',
      // The QR code (shown) tells one list's cards from another's.
      isHiddenQrcode: false,
      ...(examNumCount === undefined ? {} : { examNumCount }),
    },
    {},
    { identity: `EKW|${row.id}` },
  );
}

/** The 听写卡 of a stored word list: its subject's name, 学号 boxes as long as the grade's longest. */
export async function wordCardDocument(
  db: Db,
  row: { id: number; name: string; grade_id: number; subject_id: number },
  positions: readonly number[],
): Promise<SheetDocument> {
  const [subject, examNumCount] = await Promise.all([
    db.selectFrom('subjects').select('name').where('id', '=', row.subject_id).executeTakeFirst(),
    examNumCountOf(db, row.grade_id),
  ]);
  return layoutWordCard(row, subject?.name ?? '', positions, examNumCount);
}
