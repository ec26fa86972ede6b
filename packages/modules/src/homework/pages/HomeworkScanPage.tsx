import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  homeworkSubmissionRoutes as r,
  homeworkWordExerciseRoutes as W,
  homeworkWordScanRoutes as WS,
  type HomeworkScanOverview,
  type HomeworkScanPage as ScanPageRow,
} from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { readFileAsBase64 } from '../../common/files';
import { ListTable } from '../../common/ListTable';
import { Actions, FilePick, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime } from '../useHomeworkOptions';

const RESULT_LABELS: Record<ScanPageRow['status'], string> = {
  matched: '已匹配',
  exception: '异常',
  resolved: '已处理',
};

/** A student an exception can be handed to. */
interface ScanStudent {
  studentId: number;
  studentNo: string;
  name: string;
  className: string;
}

/** An exception's fix: choose one of the caller's students and hand the scan to them. */
function ResolveForm({
  page,
  students,
  words,
  onDone,
}: {
  page: ScanPageRow;
  students: readonly ScanStudent[];
  /** A 听写卡 (its own resolve call). */
  words: boolean;
  onDone(): void;
}) {
  const call = useApiCall();
  const [studentId, setStudentId] = useState('');
  return (
    <Actions>
      <FormField label={`指定学生：${page.fileName}`}>
        <Select
          value={studentId}
          placeholder="选择学生"
          options={students.map((s) => ({
            value: s.studentId,
            label: `${s.className} ${s.name}（${s.studentNo}）`,
          }))}
          onChange={(e) => setStudentId(e.target.value)}
        />
      </FormField>
      <Button
        size="small"
        disabled={!studentId}
        onClick={() =>
          void call(words ? WS.wordScanResolve : r.scanResolve, {
            pageId: page.id,
            studentId: Number(studentId),
          }).then((x) => x.ok && onDone())
        }
      >
        确定
      </Button>
    </Actions>
  );
}

/**
 * /homework/school-base/{id}/scan: scanned hand-ins uploaded one page a file, recognised at once
 * (学号 matched, objective questions scored), with the exceptions to hand to a student.
 */
export function HomeworkScanPage({
  composition = false,
  chapter = false,
  words = false,
}: {
  /**
   * A 字词练习's 听写卡 (/homework/word-exercise/{id}/scan): the filled × boxes become the
   * student's wrong words; its links lead to 批改与正确率 and the 听写卡.
   */
  words?: boolean;
  /** A composition's scans (/homework/composition/{id}/scan): its links lead to 作文批改. */
  composition?: boolean;
  /**
   * A 教辅 chapter's scans (/homework/teaching-assistant/chapter/scan?id=): its links lead to the
   * teaching assistant's 批改 and the chapter.
   */
  chapter?: boolean;
}) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(chapter ? search.get('id') : params.id) || 0;
  const call = useApiCall();
  const [scans, setScans] = useState<HomeworkScanOverview | null>(null);
  const [overview, setOverview] = useState<{ name: string; students: ScanStudent[] } | null>(null);
  const [progress, setProgress] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (words) {
      const [a, b, c] = await Promise.all([
        call(WS.wordScanList, { id }),
        call(W.wordExerciseDetail, { id }),
        call(W.wordExerciseMarks, { id, classId: null }),
      ]);
      if (a.ok) setScans(a.data);
      if (b.ok && c.ok) setOverview({ name: b.data.name, students: c.data });
      return;
    }
    const [a, b] = await Promise.all([call(r.scanList, { id }), call(r.correctOverview, { id })]);
    if (a.ok) setScans(a.data);
    if (b.ok) setOverview(b.data);
  }, [call, id, words]);
  useEffect(() => void load(), [load]);

  async function upload(files: File[]) {
    for (const [i, file] of files.entries()) {
      setProgress(`正在识别 ${i + 1}/${files.length}：${file.name}`);
      await call(words ? WS.wordScanUpload : r.scanUpload, {
        id,
        fileName: file.name,
        contentBase64: await readFileAsBase64(file),
      });
    }
    setProgress(`已上传 ${files.length} 个文件`);
    await load();
  }

  return (
    <PageBox aria-labelledby="homework-scan-title">
      <h1 id="homework-scan-title">
        {words ? '听写卡扫描' : chapter ? '章节扫描' : composition ? '作文扫描' : '作业扫描'}
        {overview ? ` · ${overview.name}` : ''}
      </h1>
      <Note>
        {words
          ? '每个文件一张听写卡的第 1 页（PNG 或 JPG，不超过 700 KB），按听写卡上填涂的学号匹配学生，老师涂了“×”的字词记为错词（与批改与正确率中的批改相同，再次上传会替换）。'
          : '每个文件一页答题卡（PNG 或 JPG，不超过 700 KB），按答题卡上填涂的学号匹配学生，客观题按答案自动计分。'}
        {scans && scans.pageCount > 1 && (
          <>
            {' '}
            本作业答题卡共 {scans.pageCount} 页：第 2
            页起没有学号，按页码识别，归入之前上传的最后一张第 1
            页的学生，请按学生逐页上传（文件按名称顺序上传）；各页到齐才算交齐。
          </>
        )}
      </Note>
      <Toolbar>
        <FilePick>
          <input
            id="homework-scan-files"
            type="file"
            multiple
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) void upload(files);
            }}
          />
          <label htmlFor="homework-scan-files">上传扫描答题卡</label>
        </FilePick>
        <Link
          to={
            words
              ? `/homework/word-exercise/accuracy?id=${id}`
              : chapter
                ? `/homework/teaching-assistant/correct?id=${id}`
                : composition
                  ? `/homework/composition/correct?id=${id}`
                  : `/homework/correct?id=${id}`
          }
        >
          {words ? '批改与正确率' : '去批改'}
        </Link>
        <Link
          to={
            words
              ? `/homework/word-exercise/card?id=${id}`
              : chapter
                ? `/homework/teaching-assistant/chapter?id=${id}`
                : composition
                  ? `/homework/composition/edit?id=${id}`
                  : `/homework/school-base/split-confirm?id=${id}`
          }
        >
          {words ? '听写卡' : chapter ? '章节详情' : composition ? '作文详情' : '作业详情'}
        </Link>
      </Toolbar>
      {progress && <p role="status">{progress}</p>}
      {scans && (
        <p>
          应交 {scans.expected} 人，{words ? '已扫描' : '已交'} {scans.submitted} 人，待处理异常{' '}
          {scans.openExceptions} 个
          {scans.incomplete.length > 0 && `，缺页 ${scans.incomplete.length} 人`}
        </p>
      )}
      {scans && scans.incomplete.length > 0 && (
        <ul aria-label="缺页的学生">
          {scans.incomplete.map((s) => (
            <li key={s.studentNo}>
              {s.studentName}（{s.studentNo}）缺第 {s.missingPages.join('、')} 页
            </li>
          ))}
        </ul>
      )}
      <ListTable
        label="扫描记录"
        rows={scans?.pages ?? null}
        headers={['文件', '页码', '结果', '学生', '说明', '上传时间', '操作']}
      >
        {(p) => (
          <tr key={p.id}>
            <td>{p.fileName}</td>
            <td>第 {p.page} 页</td>
            <td>{RESULT_LABELS[p.status]}</td>
            <td>{p.studentName ?? '—'}</td>
            <td>{p.reason ?? '—'}</td>
            <td>{formatTime(p.createdAt)}</td>
            <td>
              {p.status === 'exception' && overview ? (
                <ResolveForm
                  page={p}
                  students={overview.students}
                  words={words}
                  onDone={() => void load()}
                />
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}

/** /homework/word-exercise/{id}/scan: the homework scan page reading 听写卡 (docs/homework.md "字词练习"). */
export function WordExerciseScanPage() {
  return <HomeworkScanPage words />;
}
