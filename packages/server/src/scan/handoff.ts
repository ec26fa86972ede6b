import { decodeScan, encodeImage, type RawImage } from '@examkit/recognizer';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { SubjectRow } from '../exam/access';
import { loadQuestionRows } from '../exam/paper';
import { registerPapers, type PaperInput } from '../marking/blocks';
import { activeSheets } from './scoring';

/** Stacks crops top to bottom on white, left-aligned. */
function stack(images: readonly RawImage[]): RawImage {
  const width = Math.max(...images.map((i) => i.width));
  const height = images.reduce((h, i) => h + i.height, 0);
  const data = new Uint8Array(width * height).fill(255);
  let top = 0;
  for (const img of images) {
    for (let y = 0; y < img.height; y++)
      data.set(img.data.subarray(y * img.width, (y + 1) * img.width), (top + y) * width);
    top += img.height;
  }
  return { width, height, data };
}

/** Each question's full number (`5(1)`) by id, as a joint exam matches its schools' copies. */
async function numbersOf(db: Db, examSubjectId: number): Promise<Map<number, string>> {
  const rows = await loadQuestionRows(db, examSubjectId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(
    rows.map((r) => [
      r.id,
      (r.parent_id !== null ? (byId.get(r.parent_id)?.number ?? '') : '') + r.number,
    ]),
  );
}

/**
 * The open blocks the subject's crops go to, with their questions as this subject's ids: the
 * subject's own blocks, or, when its exam is a school's exam of a 统一阅卷 joint exam, the joint
 * exam's pool blocks of the same subject (set up on the organiser's copy: questions matched by full
 * number, docs/marking.md "Joint exams").
 */
async function targetBlocks(
  db: Db,
  subject: SubjectRow,
): Promise<{ id: number; questionIds: number[] }[]> {
  const own = await db
    .selectFrom('marking_blocks')
    .select(['id', 'question_ids'])
    .where('exam_subject_id', '=', subject.id)
    .where('joint_exam_id', 'is', null)
    .where('state', '!=', 'finished')
    .orderBy('id')
    .execute();
  const out = own.map((b) => ({ id: b.id, questionIds: JSON.parse(b.question_ids) as number[] }));
  const joint = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('joint_exams as j', 'j.id', 'js.joint_exam_id')
    .select(['j.id', 'j.marking_mode'])
    .where('js.exam_id', '=', subject.exam_id)
    .executeTakeFirst();
  if (joint?.marking_mode !== 'pool') return out;
  const pool = await db
    .selectFrom('marking_blocks as b')
    .innerJoin('exam_subjects as es', 'es.id', 'b.exam_subject_id')
    .select(['b.id', 'b.question_ids', 'b.exam_subject_id'])
    .where('b.joint_exam_id', '=', joint.id)
    .where('es.subject_code', '=', subject.subject_code)
    .where('b.state', '!=', 'finished')
    .orderBy('b.id')
    .execute();
  if (pool.length === 0) return out;
  const idByNumber = new Map(
    [...(await numbersOf(db, subject.id))].map(([id, number]) => [number, id]),
  );
  const masters = new Map<number, Map<number, string>>();
  for (const b of pool) {
    const numbers = masters.get(b.exam_subject_id) ?? (await numbersOf(db, b.exam_subject_id));
    masters.set(b.exam_subject_id, numbers);
    const questionIds = (JSON.parse(b.question_ids) as number[]).map(
      (masterId) => idByNumber.get(numbers.get(masterId) ?? '') ?? -1,
    );
    out.push({ id: b.id, questionIds });
  }
  return out;
}

/**
 * Registers the crops of every matched, present student as papers of the subject's open marking
 * blocks — in a 统一阅卷 joint exam, of the joint exam's pool blocks (`targetBlocks`). A block of
 * one question (one part) gets that crop's key; a block of several gets the crops stacked into
 * `scan/<subject>/blocks/<block>/<student>.png`. Running it again updates the crops (marking keeps
 * its marks).
 */
export async function handToMarking(
  db: Db,
  clock: Clock,
  files: FileStore,
  subject: SubjectRow,
): Promise<{ blockId: number; registered: number }[]> {
  const blocks = await targetBlocks(db, subject);
  if (blocks.length === 0) return [];
  const crops = await activeSheets(db, subject.id)
    .where('absent', '=', 0)
    .innerJoin('scan_crops as c', 'c.sheet_id', 'scan_sheets.id')
    .select(['scan_sheets.student_id', 'c.question_id', 'c.part', 'c.crop_key'])
    .orderBy('c.part')
    .execute();
  const out: { blockId: number; registered: number }[] = [];
  for (const block of blocks) {
    const { questionIds } = block;
    const byStudent = new Map<number, { q: number; part: number; key: string }[]>();
    for (const c of crops) {
      const q = questionIds.indexOf(c.question_id);
      if (q < 0) continue;
      const list = byStudent.get(c.student_id!) ?? [];
      list.push({ q, part: c.part, key: c.crop_key });
      byStudent.set(c.student_id!, list);
    }
    const papers: PaperInput[] = [];
    for (const [studentId, list] of byStudent) {
      list.sort((a, b) => a.q - b.q || a.part - b.part);
      if (list.length === 1) {
        papers.push({ studentId, cropKey: list[0]!.key });
        continue;
      }
      const images: RawImage[] = [];
      for (const item of list) {
        const bytes = await files.get(item.key);
        if (bytes) images.push(...(await decodeScan(bytes)));
      }
      if (images.length === 0) continue;
      const key = `scan/${subject.id}/blocks/${block.id}/${studentId}.png`;
      await files.put(key, await encodeImage(stack(images)));
      papers.push({ studentId, cropKey: key });
    }
    const { registered } =
      papers.length > 0 ? await registerPapers(db, clock, block.id, papers) : { registered: 0 };
    out.push({ blockId: block.id, registered });
  }
  return out;
}
