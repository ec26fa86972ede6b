import { useCallback, useState } from 'react';
import { scanRoutes, type ScanBatchProgress } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { useApiCall } from '../../common/useApiCall';
import { isScanFile, readBytes, sha256Hex, toBase64 } from '../utils/chunkData';

/** A batch declared to the server but not completed yet: kept so that a reload can resume it. */
export interface PendingBatch {
  batchId: number;
  chunkSize: number;
  files: { fileName: string; size: number; sha256: string }[];
}

export interface UploadState {
  phase: 'idle' | 'hashing' | 'uploading' | 'completing' | 'done' | 'failed';
  /** Chunks sent (or found on the server) of `total`. */
  sent: number;
  total: number;
  message: string;
}

const IDLE: UploadState = { phase: 'idle', sent: 0, total: 0, message: '' };

/** Storage key of the unfinished batch of a subject. */
export const pendingKey = (examSubjectId: number) => `scan.pending.${examSubjectId}`;

/**
 * Chunked, resumable upload of a scan batch (docs/scanning.md): hashes the files, declares
 * them (`batch/create`), or, when the same files belong to the unfinished batch kept in
 * storage, asks `batch/chunks` and sends only the missing chunks; then `batch/complete`.
 */
export function useScanUpload(examSubjectId: number) {
  const { storage } = useExamkit();
  const call = useApiCall();
  const [state, setState] = useState<UploadState>(IDLE);
  const [pending, setPendingState] = useState<PendingBatch | null>(
    () => storage.get<PendingBatch>(pendingKey(examSubjectId)) ?? null,
  );
  const setPending = useCallback(
    (p: PendingBatch | null) => {
      if (p) storage.set(pendingKey(examSubjectId), p);
      else storage.remove(pendingKey(examSubjectId));
      setPendingState(p);
    },
    [storage, examSubjectId],
  );

  const upload = useCallback(
    async (files: readonly File[]): Promise<ScanBatchProgress | null> => {
      const fail = (message: string) => {
        setState((s) => ({ ...s, phase: 'failed', message }));
        return null;
      };
      const bad = files.find((f) => !isScanFile(f.name));
      if (bad) return fail(`不支持的文件类型：${bad.name}（仅支持 JPEG、PNG、TIFF、PDF）`);
      if (files.length === 0) return fail('请选择要上传的扫描文件');
      setState({ phase: 'hashing', sent: 0, total: 0, message: '正在计算文件校验值…' });
      const declared: PendingBatch['files'] = [];
      for (const f of files)
        declared.push({
          fileName: f.name,
          size: f.size,
          sha256: await sha256Hex(await readBytes(f)),
        });
      const stored = storage.get<PendingBatch>(pendingKey(examSubjectId));
      const same =
        stored &&
        stored.files.length === declared.length &&
        stored.files.every(
          (f, i) => f.sha256 === declared[i]!.sha256 && f.fileName === declared[i]!.fileName,
        );
      let batch: PendingBatch;
      const received = new Map<number, Set<number>>();
      let counts: number[];
      if (same) {
        batch = stored;
        const r = await call(scanRoutes.batchChunks, { batchId: batch.batchId });
        if (!r.ok) return fail(r.message);
        for (const f of r.data.files) received.set(f.fileIndex, new Set(f.received));
        counts = declared.map(
          (_, i) =>
            r.data.files.find((f) => f.fileIndex === i)?.chunkCount ??
            Math.ceil(declared[i]!.size / batch.chunkSize),
        );
      } else {
        const r = await call(scanRoutes.batchCreate, { examSubjectId, files: declared });
        if (!r.ok) return fail(r.message);
        batch = { batchId: r.data.batchId, chunkSize: r.data.chunkSize, files: declared };
        setPending(batch);
        counts = declared.map(
          (_, i) =>
            r.data.files.find((f) => f.fileIndex === i)?.chunkCount ??
            Math.ceil(declared[i]!.size / batch.chunkSize),
        );
      }
      const total = counts.reduce((a, b) => a + b, 0);
      let sent = [...received.values()].reduce((a, s) => a + s.size, 0);
      setState({ phase: 'uploading', sent, total, message: '' });
      for (const [fileIndex, file] of files.entries()) {
        const have = received.get(fileIndex) ?? new Set<number>();
        for (let index = 0; index < counts[fileIndex]!; index++) {
          if (have.has(index)) continue;
          const part = await readBytes(
            file.slice(index * batch.chunkSize, (index + 1) * batch.chunkSize),
          );
          const r = await call(scanRoutes.batchChunk, {
            batchId: batch.batchId,
            fileIndex,
            index,
            contentBase64: toBase64(part),
            sha256: await sha256Hex(part),
          });
          if (!r.ok) return fail(`${r.message}（可重新选择相同文件继续上传）`);
          sent += 1;
          setState({ phase: 'uploading', sent, total, message: '' });
        }
      }
      setState({ phase: 'completing', sent, total, message: '' });
      const done = await call(scanRoutes.batchComplete, { batchId: batch.batchId });
      if (!done.ok) {
        // A file failed its check: its chunks are dropped, the batch is started again.
        setPending(null);
        return fail(done.message);
      }
      setPending(null);
      setState({ phase: 'done', sent, total, message: '' });
      return done.data;
    },
    [call, examSubjectId, setPending, storage],
  );

  return { state, pending, upload, discardPending: () => setPending(null) };
}
