import { decodeScan, encodeImage, type RawImage } from '@examkit/recognizer';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { SubjectRow } from '../exam/access';
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

/**
 * Registers the crops of every matched, present student as papers of the subject's open marking
 * blocks. A block of one question (one part) gets that crop's key; a block of several gets the
 * crops stacked into `scan/<subject>/blocks/<block>/<student>.png`. Running it again updates the
 * crops (marking keeps its marks).
 */
export async function handToMarking(
  db: Db,
  clock: Clock,
  files: FileStore,
  subject: SubjectRow,
): Promise<{ blockId: number; registered: number }[]> {
  const blocks = await db
    .selectFrom('marking_blocks')
    .select(['id', 'question_ids'])
    .where('exam_subject_id', '=', subject.id)
    .where('joint_exam_id', 'is', null)
    .where('state', '!=', 'finished')
    .orderBy('id')
    .execute();
  if (blocks.length === 0) return [];
  const crops = await activeSheets(db, subject.id)
    .where('absent', '=', 0)
    .innerJoin('scan_crops as c', 'c.sheet_id', 'scan_sheets.id')
    .select(['scan_sheets.student_id', 'c.question_id', 'c.part', 'c.crop_key'])
    .orderBy('c.part')
    .execute();
  const out: { blockId: number; registered: number }[] = [];
  for (const block of blocks) {
    const questionIds = JSON.parse(block.question_ids) as number[];
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
