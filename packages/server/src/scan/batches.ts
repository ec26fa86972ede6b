import { createHash } from 'node:crypto';
import { SCAN_CHUNK_SIZE, type ScanBatchProgress } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import { conflict } from '../marking/blocks';
import type { ScanQueue } from './queue';
import type { ScanBatchesTable } from './tables';
import type { Selectable } from 'kysely';

export type BatchRow = Selectable<ScanBatchesTable>;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const chunkKey = (b: BatchRow, fileIndex: number, index: number) =>
  `scan/${b.exam_subject_id}/b${b.id}/f${fileIndex}/chunks/${index}`;
const fileKey = (b: BatchRow, fileIndex: number) =>
  `scan/${b.exam_subject_id}/b${b.id}/f${fileIndex}/upload`;

/** The session school's batch, or 404. */
export async function loadBatch(db: Db, schoolId: number, batchId: number): Promise<BatchRow> {
  const batch = await db
    .selectFrom('scan_batches')
    .selectAll()
    .where('id', '=', batchId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!batch) throw notFound('扫描批次不存在');
  return batch;
}

export async function createBatch(
  db: Db,
  clock: Clock,
  input: {
    schoolId: number;
    examId: number;
    examSubjectId: number;
    userId: number;
    files: readonly { fileName: string; size: number; sha256: string }[];
  },
) {
  const now = clock.now().getTime();
  return db.transaction().execute(async (trx) => {
    const batch = await trx
      .insertInto('scan_batches')
      .values({
        school_id: input.schoolId,
        exam_id: input.examId,
        exam_subject_id: input.examSubjectId,
        state: 'uploading',
        chunk_size: SCAN_CHUNK_SIZE,
        created_by: input.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const files = input.files.map((f, i) => ({
      batch_id: batch.id,
      file_index: i,
      file_name: f.fileName,
      size: f.size,
      sha256: f.sha256,
      chunk_count: Math.ceil(f.size / SCAN_CHUNK_SIZE),
      file_key: null,
      state: 'waiting',
      pages: null,
    }));
    for (let i = 0; i < files.length; i += 200)
      await trx
        .insertInto('scan_files')
        .values(files.slice(i, i + 200))
        .execute();
    return {
      batchId: batch.id,
      chunkSize: SCAN_CHUNK_SIZE,
      files: files.map((f) => ({ fileIndex: f.file_index, chunkCount: f.chunk_count })),
    };
  });
}

/** Stores one chunk after checking its hash and size; sending it again overwrites it. */
export async function putChunk(
  db: Db,
  files: FileStore,
  batch: BatchRow,
  input: { fileIndex: number; index: number; contentBase64: string; sha256: string },
) {
  if (batch.state !== 'uploading') throw conflict('该批次已提交识别，不能再上传');
  const file = await db
    .selectFrom('scan_files')
    .selectAll()
    .where('batch_id', '=', batch.id)
    .where('file_index', '=', input.fileIndex)
    .executeTakeFirst();
  if (!file) throw badRequest('文件序号不存在');
  if (input.index >= file.chunk_count) throw badRequest('分片序号超出范围');
  const data = Buffer.from(input.contentBase64, 'base64');
  const expected =
    input.index < file.chunk_count - 1
      ? batch.chunk_size
      : file.size - batch.chunk_size * (file.chunk_count - 1);
  if (data.length !== expected)
    throw badRequest(`分片大小不符：应为 ${expected} 字节，收到 ${data.length} 字节`);
  if (sha256(data) !== input.sha256)
    throw badRequest('分片校验失败（SHA-256 不符），请重新上传该分片');
  await files.put(chunkKey(batch, input.fileIndex, input.index), data);
  await db
    .insertInto('scan_chunks')
    .values({
      batch_id: batch.id,
      file_index: input.fileIndex,
      chunk_index: input.index,
      size: data.length,
      sha256: input.sha256,
    })
    .onConflict((oc) =>
      oc.columns(['batch_id', 'file_index', 'chunk_index']).doUpdateSet({ sha256: input.sha256 }),
    )
    .execute();
  const received = await db
    .selectFrom('scan_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batch.id)
    .where('file_index', '=', input.fileIndex)
    .executeTakeFirstOrThrow();
  return { received: Number(received.n), chunkCount: file.chunk_count };
}

export async function receivedChunks(db: Db, batch: BatchRow) {
  const [fileRows, chunkRows] = await Promise.all([
    db
      .selectFrom('scan_files')
      .select(['file_index', 'chunk_count'])
      .where('batch_id', '=', batch.id)
      .orderBy('file_index')
      .execute(),
    db
      .selectFrom('scan_chunks')
      .select(['file_index', 'chunk_index'])
      .where('batch_id', '=', batch.id)
      .orderBy('chunk_index')
      .execute(),
  ]);
  return {
    files: fileRows.map((f) => ({
      fileIndex: f.file_index,
      chunkCount: f.chunk_count,
      received: chunkRows.filter((c) => c.file_index === f.file_index).map((c) => c.chunk_index),
    })),
  };
}

/**
 * Assembles every file of the batch, checks its SHA-256 and queues one recognition job a file.
 * A file whose hash differs loses its chunks (the client sends them again) and nothing is queued.
 * Completing a batch again only answers its progress.
 */
export async function completeBatch(
  db: Db,
  clock: Clock,
  files: FileStore,
  queue: ScanQueue,
  batch: BatchRow,
): Promise<void> {
  if (batch.state !== 'uploading') return;
  const state = await receivedChunks(db, batch);
  const missing = state.files.reduce((n, f) => n + f.chunkCount - f.received.length, 0);
  if (missing > 0) throw badRequest(`还有 ${missing} 个分片未上传`);
  const fileRows = await db
    .selectFrom('scan_files')
    .selectAll()
    .where('batch_id', '=', batch.id)
    .orderBy('file_index')
    .execute();
  for (const f of fileRows) {
    if (f.file_key !== null) continue;
    const parts: Buffer[] = [];
    for (let i = 0; i < f.chunk_count; i++) {
      const part = await files.get(chunkKey(batch, f.file_index, i));
      if (!part) throw badRequest(`文件「${f.file_name}」的第 ${i + 1} 个分片已丢失，请重新上传`);
      parts.push(part);
    }
    const whole = Buffer.concat(parts);
    if (whole.length !== f.size || sha256(whole) !== f.sha256) {
      await db
        .deleteFrom('scan_chunks')
        .where('batch_id', '=', batch.id)
        .where('file_index', '=', f.file_index)
        .execute();
      throw badRequest(`文件「${f.file_name}」校验失败（SHA-256 不符），请重新上传该文件`);
    }
    await files.put(fileKey(batch, f.file_index), whole);
    await db
      .updateTable('scan_files')
      .set({ file_key: fileKey(batch, f.file_index) })
      .where('batch_id', '=', batch.id)
      .where('file_index', '=', f.file_index)
      .execute();
    for (let i = 0; i < f.chunk_count; i++) await files.delete(chunkKey(batch, f.file_index, i));
  }
  const moved = await db
    .updateTable('scan_batches')
    .set({ state: 'queued', updated_at: clock.now().getTime() })
    .where('id', '=', batch.id)
    .where('state', '=', 'uploading')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  await queue.add(fileRows.map((f) => ({ batchId: batch.id, fileIndex: f.file_index })));
}

/** Marks the batch done once every file is. */
export async function updateBatchState(db: Db, clock: Clock, batchId: number): Promise<void> {
  const waiting = await db
    .selectFrom('scan_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .where('state', '!=', 'done')
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) === 0)
    await db
      .updateTable('scan_batches')
      .set({ state: 'done', updated_at: clock.now().getTime() })
      .where('id', '=', batchId)
      .execute();
}

export async function batchProgress(
  db: Db,
  batches: readonly BatchRow[],
): Promise<ScanBatchProgress[]> {
  if (batches.length === 0) return [];
  const ids = batches.map((b) => b.id);
  const [fileRows, sheetRows] = await Promise.all([
    db
      .selectFrom('scan_files')
      .select(['batch_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', 'in', ids)
      .groupBy(['batch_id', 'state'])
      .execute(),
    db
      .selectFrom('scan_sheets')
      .select(['batch_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', 'in', ids)
      .where('discarded', '=', 0)
      .groupBy(['batch_id', 'status'])
      .execute(),
  ]);
  return batches.map((b) => {
    const f = fileRows.filter((r) => r.batch_id === b.id);
    const s = sheetRows.filter((r) => r.batch_id === b.id);
    const count = (status: string) => Number(s.find((r) => r.status === status)?.n ?? 0);
    return {
      batchId: b.id,
      examSubjectId: b.exam_subject_id,
      state: b.state,
      filesTotal: f.reduce((n, r) => n + Number(r.n), 0),
      filesDone: Number(f.find((r) => r.state === 'done')?.n ?? 0),
      pages: s.reduce((n, r) => n + Number(r.n), 0),
      recognized: count('recognized') + count('fixed'),
      exceptions: count('exception'),
      duplicates: count('duplicate'),
      createdAt: b.created_at,
    };
  });
}
