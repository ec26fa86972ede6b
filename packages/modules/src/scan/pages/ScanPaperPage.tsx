import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  downloadRoutes,
  examRoutes,
  scanRoutes,
  type ExamState,
  type ScanBatchProgress,
  type ScanException,
  type ScanReconciliation,
} from '@examkit/contracts';
import { Button, Empty, themeOf } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Note, PageBox, Table } from '../../exam/components/styled';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useApiCall } from '../../common/useApiCall';
import { ExceptionItem, type FixInput } from '../components/ExceptionItem';
import { ObjectiveScores } from '../components/ObjectiveScores';
import { useScanUpload } from '../hooks/useScanUpload';
import { SCAN_ACCEPT } from '../utils/chunkData';
import {
  ACTION_LABELS,
  BATCH_STATE_LABELS,
  KIND_LABELS,
  formatTime,
  type Participant,
} from '../utils/scanLabels';

/** How often a running batch's progress is asked, ms. */
export const POLL_MS = 1000;

const STATE_LABELS: Partial<Record<ExamState, string>> = {
  draft: '草稿',
  sheet_ready: '答题卡已就绪',
  scanning: '扫描中',
  marking: '阅卷中',
  finished: '已完成',
  published: '已发布',
};

const Section = styled.section`
  margin-bottom: 24px;
  progress {
    width: 240px;
    height: 12px;
    vertical-align: middle;
    margin-right: 8px;
  }
  ul {
    margin: 0;
    padding: 0;
  }
  ul.plain {
    margin: 8px 0;
    padding-left: 20px;
  }
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: 8px;
  margin: 0 0 12px;
  div {
    padding: 8px 10px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
    background: ${(p) => themeOf(p).colors.surface};
  }
  dt {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  dd {
    margin: 2px 0 0;
    font-size: 18px;
    font-weight: 600;
  }
`;

/** The exam's state; the darker blue, as the primary one is under 4.5:1 at this size. */
const StateTag = styled.span`
  display: inline-block;
  padding: 0 8px;
  border-radius: 10px;
  border: 1px solid ${(p) => themeOf(p).colors.primaryHover};
  color: ${(p) => themeOf(p).colors.primaryHover};
  font-size: ${(p) => themeOf(p).font.size.small};
  font-weight: normal;
  line-height: 20px;
  vertical-align: middle;
`;

const FileField = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
`;

const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);
const byId = (list: readonly ScanBatchProgress[]) =>
  [...list].sort((a, b) => b.batchId - a.batchId);

/**
 * /exam/single/scanpaper/{examSubjectId} (spec 001 §2, issue 6): upload of scan batches in
 * resumable chunks, progress of each batch, reconciliation against the roster, the exception
 * queue with recorded fixes, and each student's objective score (paged, searchable, with a
 * per-question detail) with re-scoring.
 * @see docs/scanning.md
 */
export function ScanPaperPage() {
  const { id } = useParams();
  const examSubjectId = Number(id);
  const call = useApiCall();
  const { state: upload, pending, upload: send, discardPending } = useScanUpload(examSubjectId);
  const [title, setTitle] = useState<{
    examId: number;
    examName: string;
    subjectName: string;
    state: ExamState;
  } | null>(null);
  const [allowed, setAllowed] = useState<readonly ExamState[]>([]);
  const [loadError, setLoadError] = useState('');
  const [roster, setRoster] = useState<Participant[]>([]);
  const [batches, setBatches] = useState<ScanBatchProgress[]>([]);
  const [recon, setRecon] = useState<ScanReconciliation | null>(null);
  const [open, setOpen] = useState<ScanException[] | null>(null);
  const [resolved, setResolved] = useState<ScanException[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  /** Bumped after anything that may change scores, so the 客观题得分 table reads its page again. */
  const [scoresVersion, setScoresVersion] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const refreshQueue = useCallback(async () => {
    const [r, o, d] = await Promise.all([
      call(scanRoutes.reconcile, { examSubjectId }),
      call(scanRoutes.exceptions, { examSubjectId, state: 'open' }),
      call(scanRoutes.exceptions, { examSubjectId, state: 'resolved' }),
    ]);
    if (r.ok) setRecon(r.data);
    if (o.ok) setOpen(o.data.list);
    if (d.ok) setResolved(d.data.list);
  }, [call, examSubjectId]);

  const refreshBatches = useCallback(async () => {
    const b = await call(scanRoutes.batchList, { examSubjectId });
    if (b.ok) setBatches(byId(b.data.list));
  }, [call, examSubjectId]);

  useEffect(() => {
    void call(examRoutes.questionsGet, { examSubjectId }).then(async (r) => {
      if (!r.ok) {
        setLoadError(r.message);
        return;
      }
      setTitle({
        examId: r.data.examId,
        examName: r.data.examName,
        subjectName: r.data.subject.subjectName,
        state: r.data.state,
      });
      const [detail, students] = await Promise.all([
        call(examRoutes.detail, { id: r.data.examId }),
        call(examRoutes.students, { id: r.data.examId }),
      ]);
      if (detail.ok) setAllowed(detail.data.allowedTransitions);
      if (students.ok) setRoster(students.data);
    });
    void refreshBatches();
    void refreshQueue();
  }, [call, examSubjectId, refreshBatches, refreshQueue]);

  // Poll every running batch until it is done; then the queue and the roster are read again.
  const running = batches.filter((b) => b.state !== 'done').map((b) => b.batchId);
  const runningKey = running.join(',');
  useEffect(() => {
    if (!runningKey) return;
    const ids = runningKey.split(',').map(Number);
    const timer = setInterval(() => {
      void Promise.all(ids.map((batchId) => call(scanRoutes.batchProgress, { batchId }))).then(
        (replies) => {
          const fresh = replies.flatMap((r) => (r.ok ? [r.data] : []));
          setBatches((list) => list.map((b) => fresh.find((f) => f.batchId === b.batchId) ?? b));
          const done = fresh.filter((f) => f.state === 'done');
          if (done.length > 0) {
            setNotice(`批次 ${done.map((f) => f.batchId).join('、')} 识别完成`);
            void refreshQueue();
            setScoresVersion((v) => v + 1);
          }
        },
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [call, runningKey, refreshQueue]);

  async function startUpload() {
    setNotice('');
    const progress = await send(files);
    if (!progress) return;
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
    setBatches((list) => byId([progress, ...list.filter((b) => b.batchId !== progress.batchId)]));
    setNotice(`批次 ${progress.batchId} 已上传，正在识别`);
  }

  async function fix(item: ScanException, input: FixInput) {
    setBusy(true);
    setActionError('');
    const r = await call(scanRoutes.resolve, { exceptionId: item.id, ...input });
    setBusy(false);
    if (!r.ok) {
      setActionError(r.message);
      return;
    }
    setOpen((list) => list?.filter((e) => e.id !== item.id) ?? null);
    setResolved((list) => [r.data, ...list.filter((e) => e.id !== item.id)]);
    setNotice(`异常 #${item.id} 已处理：${ACTION_LABELS[input.action]}`);
    void refreshQueue();
    setScoresVersion((v) => v + 1);
  }

  async function confirmAbsent(studentId: number, name: string) {
    setBusy(true);
    setActionError('');
    const r = await call(scanRoutes.confirmAbsent, { examSubjectId, studentId });
    setBusy(false);
    if (!r.ok) return setActionError(r.message);
    setNotice(`已确认 ${name} 缺考`);
    void refreshQueue();
    setScoresVersion((v) => v + 1);
  }

  async function rescore() {
    setBusy(true);
    setActionError('');
    const r = await call(scanRoutes.rescore, { examSubjectId });
    setBusy(false);
    if (!r.ok) return setActionError(r.message);
    setNotice(`已重新计分：${r.data.students} 名考生`);
    void refreshQueue();
    setScoresVersion((v) => v + 1);
  }

  async function startScanning() {
    if (!title) return;
    setBusy(true);
    const r = await call(examRoutes.transition, { id: title.examId, to: 'scanning' });
    setBusy(false);
    if (!r.ok) return setActionError(r.message);
    setTitle({ ...title, state: r.data.state });
    setAllowed(r.data.allowedTransitions);
  }

  const writable = title?.state === 'scanning' || title?.state === 'marking';
  const uploading =
    upload.phase === 'hashing' || upload.phase === 'uploading' || upload.phase === 'completing';

  return (
    <PageBox>
      <h1>
        扫描试卷{title ? ` · ${title.examName} ${title.subjectName}` : ''}{' '}
        {title && <StateTag>{STATE_LABELS[title.state] ?? title.state}</StateTag>}
      </h1>
      {loadError && <ErrorText role="alert">{loadError}</ErrorText>}
      {title && !writable && (
        <Note>
          考试不在扫描或阅卷阶段，不能上传或处理答题卡。
          {allowed.includes('scanning') && (
            <Button
              size="small"
              type="primary"
              disabled={busy}
              onClick={() => void startScanning()}
            >
              开始扫描
            </Button>
          )}
        </Note>
      )}
      {notice && <Note role="status">{notice}</Note>}
      {actionError && <ErrorText role="alert">{actionError}</ErrorText>}

      <Section aria-labelledby="scan-upload">
        <h2 id="scan-upload">上传答题卡</h2>
        {pending && !uploading && (
          <Note>
            批次 {pending.batchId} 有未完成的上传（{pending.files.map((f) => f.fileName).join('、')}
            ）：重新选择这些文件即可继续上传已缺的分片。
            <Button size="small" type="text" onClick={discardPending}>
              放弃该批次
            </Button>
          </Note>
        )}
        <Actions>
          <FileField>
            选择扫描文件
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={SCAN_ACCEPT}
              aria-label="选择扫描文件"
              disabled={!writable || uploading}
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          </FileField>
          <Button
            type="primary"
            disabled={!writable || uploading || files.length === 0}
            onClick={() => void startUpload()}
          >
            上传
          </Button>
        </Actions>
        <Note>支持 JPEG、PNG、TIFF、PDF，可一次选择多个文件；分片上传，中断后可继续。</Note>
        {upload.phase !== 'idle' && (
          <p>
            {upload.phase === 'hashing' ? (
              upload.message
            ) : upload.phase === 'failed' ? (
              <ErrorText role="alert" as="span">
                {upload.message}
              </ErrorText>
            ) : (
              <>
                <progress aria-label="上传进度" max={upload.total} value={upload.sent} />
                已上传 {upload.sent}/{upload.total} 个分片
                {upload.phase === 'completing' ? '，正在校验文件…' : ''}
                {upload.phase === 'done' ? '，上传完成' : ''}
              </>
            )}
          </p>
        )}
      </Section>

      <Section aria-labelledby="scan-batches">
        <h2 id="scan-batches">扫描批次</h2>
        {batches.length > 0 && (
          <p>
            {/* every recognised page of this subject as a zip, made in the download centre */}
            <DownloadJobButton
              label="导出扫描图像"
              start={() => call(downloadRoutes.downloadScans, { examSubjectId })}
            />
          </p>
        )}
        <ListTable
          label="扫描批次"
          rows={batches}
          headers={['批次', '状态', '识别进度', '页数', '已识别', '异常', '重复', '上传时间']}
        >
          {(b) => (
            <tr key={b.batchId}>
              <td>批次 {b.batchId}</td>
              <td>{BATCH_STATE_LABELS[b.state]}</td>
              <td>
                <progress
                  aria-label={`批次 ${b.batchId} 识别进度`}
                  max={Math.max(1, b.filesTotal)}
                  value={b.filesDone}
                />
                {b.filesDone}/{b.filesTotal} 个文件（{percent(b.filesDone, b.filesTotal)}%）
              </td>
              <td>{b.pages}</td>
              <td>{b.recognized}</td>
              <td>{b.exceptions}</td>
              <td>{b.duplicates}</td>
              <td>{formatTime(b.createdAt)}</td>
            </tr>
          )}
        </ListTable>
      </Section>

      <Section aria-labelledby="scan-exceptions">
        <h2 id="scan-exceptions">异常处理{open ? `（${open.length}）` : ''}</h2>
        {!open || open.length === 0 ? (
          <Empty />
        ) : (
          <ul aria-label="异常队列">
            {open.map((item) => (
              <ExceptionItem
                key={item.id}
                item={item}
                roster={roster}
                busy={busy || !writable}
                onFix={(input) => void fix(item, input)}
              />
            ))}
          </ul>
        )}
      </Section>

      <Section aria-labelledby="scan-resolved">
        <h2 id="scan-resolved">处理记录</h2>
        <ListTable
          label="处理记录"
          rows={resolved}
          headers={['异常', '原因', '处理', '处理人', '处理时间']}
        >
          {(e) => (
            <tr key={e.id}>
              <td>
                {KIND_LABELS[e.kind]} #{e.id}
              </td>
              <td>{e.reason}</td>
              <td>{resolutionText(e)}</td>
              <td>{e.resolvedBy ?? ''}</td>
              <td>{formatTime(e.resolvedAt)}</td>
            </tr>
          )}
        </ListTable>
      </Section>

      <Section aria-labelledby="scan-reconcile">
        <h2 id="scan-reconcile">核对名单</h2>
        {recon ? <Reconciliation recon={recon} busy={busy} onAbsent={confirmAbsent} /> : <Empty />}
      </Section>

      <Section aria-labelledby="scan-scores">
        <h2 id="scan-scores">客观题得分</h2>
        <Note>
          识别（或处理）后，已匹配考生的客观题按答案自动计分；待确认的题目处理后才计分；修改答案后可重新计分。
          {title && (
            <>
              {' '}
              <Link to={`/exam/single/answer/${examSubjectId}`}>设置答案</Link>
              {' · '}
              <Link to={`/exam/single/report/grade/transcript/${title.examId}`}>查看成绩</Link>
            </>
          )}
        </Note>
        <Actions>
          <Button disabled={busy || !writable} onClick={() => void rescore()}>
            重新计分
          </Button>
        </Actions>
        <ObjectiveScores examSubjectId={examSubjectId} version={scoresVersion} />
      </Section>
    </PageBox>
  );
}

/** What a recorded fix did: the server's name of the action, the student, changed bubbles. */
function resolutionText(e: ScanException): string {
  const r = e.resolution ?? {};
  const action = typeof r.action === 'string' ? r.action : '';
  const label =
    typeof r.name === 'string' && r.name
      ? r.name
      : (ACTION_LABELS[action as keyof typeof ACTION_LABELS] ?? action);
  const student =
    action === 'assign' && e.student ? `：${e.student.name}（${e.student.examNo}）` : '';
  const answers = Array.isArray(r.answers)
    ? `（${(r.answers as { from?: string; to?: string }[])
        .map((a) => `${a.from || '空'}→${a.to || '空'}`)
        .join('，')}）`
    : '';
  const note = typeof r.note === 'string' && r.note ? `，${r.note}` : '';
  return `${label}${student}${answers}${note}`;
}

function Reconciliation({
  recon,
  busy,
  onAbsent,
}: {
  recon: ScanReconciliation;
  busy: boolean;
  onAbsent: (studentId: number, name: string) => void;
}) {
  const counts: [string, number][] = [
    ['应考', recon.expected],
    ['已匹配', recon.matched.length],
    ['重复答题卡', recon.duplicates.length],
    ['未匹配考生', recon.unknown.length],
    ['缺页', recon.missingPages.length],
    ['缺考', recon.absent.length],
    ['无答题卡', recon.noSheet.length],
    ['待处理异常', recon.openExceptions],
  ];
  return (
    <>
      <Summary aria-label="核对结果">
        {counts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </Summary>
      {recon.matched.length > 0 && (
        <details>
          <summary>已匹配考生（{recon.matched.length}）</summary>
          <Note>{recon.matched.map((s) => `${s.name}（${s.examNo}）`).join('、')}</Note>
        </details>
      )}
      {recon.duplicates.length + recon.unknown.length + recon.missingPages.length > 0 && (
        <ul className="plain" aria-label="待核对答题卡">
          {recon.duplicates.map((d) => (
            <li key={`d${d.sheetId}`}>重复：{d.reason}</li>
          ))}
          {recon.unknown.map((u) => (
            <li key={`u${u.sheetId}`}>
              未匹配考生{u.examNoRead ? `（考号 ${u.examNoRead}）` : ''}：{u.reason}
            </li>
          ))}
          {recon.missingPages.map((m) => (
            <li key={`m${m.studentId}`}>
              缺页：{m.name}（{m.examNo}）缺第 {m.missing.join('、')} 页
            </li>
          ))}
        </ul>
      )}
      {recon.absent.length > 0 && (
        <Note>缺考：{recon.absent.map((s) => `${s.name}（${s.examNo}）`).join('、')}</Note>
      )}
      {recon.noSheet.length === 0 ? (
        <>
          <h3>无答题卡的考生（0）</h3>
          <Empty />
        </>
      ) : (
        // Long before the scanning is through: folded unless short.
        <details open={recon.noSheet.length <= 10}>
          <summary>无答题卡的考生（{recon.noSheet.length}）</summary>
          <Table aria-label="无答题卡的考生">
            <thead>
              <tr>
                <th>班级</th>
                <th>姓名</th>
                <th>考号</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {recon.noSheet.map((s) => (
                <tr key={s.studentId}>
                  <td>{s.className}</td>
                  <td>{s.name}</td>
                  <td>{s.examNo}</td>
                  <td>
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={`确认${s.name}缺考`}
                      onClick={() => onAbsent(s.studentId, s.name)}
                    >
                      确认缺考
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      )}
    </>
  );
}
