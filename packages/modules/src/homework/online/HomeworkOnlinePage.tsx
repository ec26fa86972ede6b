import { useState } from 'react';
import {
  homeworkOnlineRoutes,
  type OnlineHomeworkQuestion,
  type OnlineHomeworkResult,
  type StudentHomework,
} from '@examkit/contracts';
import { Button } from '@examkit/ui';
import {
  AnswerBar,
  AnswerEntry,
  AnswerFrame,
  AnswerItem,
  ChoiceAnswers,
} from '../../common/answerParts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ErrorText, Note } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { QuestionText } from '../../exam/online/QuestionText';

interface Draft {
  answer: string;
  /** A photo chosen for this hand-in (base64, without the data: prefix). */
  photo?: { name: string; base64: string };
}
type Drafts = Record<number, Draft>;

const LETTERS = 'ABCDEFGH';
const time = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

const draftsOf = (result: OnlineHomeworkResult | null): Drafts =>
  Object.fromEntries(
    (result?.answers ?? []).map((a) => [a.questionNo, { answer: a.answer ?? '' }]),
  );

/** Photos of one hand-in travel in one request, which the server takes up to 1 MB. */
const PHOTO_LIMIT = 700 * 1024;
const TOTAL_PHOTO_BASE64 = 950 * 1024;

/** A phone photo made smaller (at most 1600 px, JPEG) where the browser can draw it. */
async function shrink(file: File): Promise<Blob> {
  if (file.size <= PHOTO_LIMIT || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const k = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * k);
  canvas.height = Math.round(bitmap.height * k);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.8),
  );
}

const readBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('读取照片失败'));
    reader.readAsDataURL(file);
  });

/**
 * /homework-online: the student page of a homework handed out on screen. A student enters with
 * the 作业码 and their 学号 (no account, like /online-exam), answers the questions (options, text
 * or a photo) and hands in before the due time; handing in again replaces the hand-in until the
 * teacher starts correcting it.
 * @see docs/homework.md "Hand-ins on screen"
 */
export function HomeworkOnlinePage() {
  const call = useApiCall();
  const [homework, setHomework] = useState<StudentHomework | null>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [result, setResult] = useState<OnlineHomeworkResult | null>(null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [paper, setPaper] = useState<string | null>(null);

  async function enter(code: string, studentNo: string) {
    const r = await call(homeworkOnlineRoutes.onlineEnter, { code, studentNo });
    if (!r.ok) return r.message;
    setHomework(r.data);
    setResult(r.data.submission);
    setDrafts(draftsOf(r.data.submission));
    setEditing(r.data.submission === null);
    return null;
  }

  async function openPaper() {
    if (!homework) return;
    const r = await call(homeworkOnlineRoutes.onlinePaper, { ticket: homework.ticket });
    if (r.ok) setPaper(`data:${r.data.contentType};base64,${r.data.contentBase64}`);
    else setError(r.message);
  }

  async function submit() {
    if (!homework) return;
    const photos = Object.values(drafts).reduce((n, d) => n + (d.photo?.base64.length ?? 0), 0);
    if (photos > TOTAL_PHOTO_BASE64) {
      setConfirming(false);
      return setError('照片合计太大，请减少或缩小照片后再提交');
    }
    setSubmitting(true);
    const answers = homework.questions.flatMap((q) => {
      const d = drafts[q.no];
      if (!d || (!d.answer.trim() && !d.photo)) return [];
      return [
        {
          questionNo: q.no,
          answer: d.answer.trim() || null,
          ...(d.photo ? { photoBase64: d.photo.base64 } : {}),
        },
      ];
    });
    const r = await call(
      homeworkOnlineRoutes.onlineSubmit,
      { ticket: homework.ticket, answers },
      // Handing in the same answers again replaces them with themselves: a lost reply is asked again.
      { retry: 3, idempotent: true, dedupe: false, errorMessage: false },
    );
    setSubmitting(false);
    setConfirming(false);
    if (!r.ok) return setError(r.message);
    setError('');
    setResult(r.data);
    setDrafts(draftsOf(r.data));
    setEditing(false);
  }

  const change = (no: number, draft: Draft) => setDrafts((d) => ({ ...d, [no]: draft }));

  if (!homework)
    return (
      <AnswerEntry
        titleId="homework-online-title"
        title="在线作业"
        codeLabel="作业码"
        action="进入作业"
        note="作业码由老师提供。请在截止时间前提交。"
        onEnter={enter}
      />
    );

  // 允许迟交 (作业设置) gives late hand-ins until `lateUntil`; null: nothing after the due time.
  const pastDue = Date.now() > (homework.lateUntil ?? homework.dueAt);
  const late = !pastDue && Date.now() > homework.dueAt;
  const unanswered = homework.questions.filter((q) => {
    const d = drafts[q.no];
    return !d || (!d.answer.trim() && !d.photo);
  }).length;
  return (
    <AnswerFrame aria-labelledby="homework-online-title">
      <h1 id="homework-online-title">
        {homework.name} · {homework.subjectName}
      </h1>
      <AnswerBar>
        <span>
          {homework.className} {homework.studentName}
        </span>
        <span>截止时间：{time(homework.dueAt)}</span>
        {homework.lateUntil !== null && <span>允许迟交至：{time(homework.lateUntil)}</span>}
        {homework.source === 'paper' && (
          <Button onClick={() => void openPaper()}>查看作业原卷</Button>
        )}
        {paper && (
          <a href={paper} target="_blank" rel="noreferrer" download={homework.name}>
            打开作业原卷
          </a>
        )}
      </AnswerBar>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {result && !editing && (
        <section aria-labelledby="homework-result-title">
          <h2 id="homework-result-title">作业已提交</h2>
          <p>
            提交时间：{time(result.submittedAt)}
            {result.late && '（迟交）'}
          </p>
          <p>
            客观题得分：{result.objectiveScore} / {result.objectiveFull}
          </p>
          {result.pendingMarks > 0 ? (
            <p>其余 {result.pendingMarks} 分等待老师批改。</p>
          ) : (
            // 教师批改 (作业设置): scored from the key, but not 已批改 until the teacher saves it.
            result.status === 'submitted' && <p>得分待老师确认批改。</p>
          )}
          {result.replaceable ? (
            <Button onClick={() => setEditing(true)}>修改后重新提交</Button>
          ) : (
            <Note>
              {result.status === 'submitted' || pastDue
                ? '已不能修改：老师已开始批改，或已过截止时间。'
                : '老师已批改完这份作业。'}
            </Note>
          )}
        </section>
      )}
      {!result && pastDue && (
        <ErrorText role="alert">
          {homework.lateUntil === null
            ? `已过截止时间（${time(homework.dueAt)}），本科目作业不允许迟交，不能再提交作业`
            : `已过补交期限（${time(homework.lateUntil)}），不能再提交作业`}
        </ErrorText>
      )}
      {editing && !pastDue && (
        <>
          {late && <Note role="status">已过截止时间，现在提交将记为迟交。</Note>}
          {homework.source === 'paper' && <Note>题目在作业原卷上，请在下面按题号作答。</Note>}
          {homework.questions.map((q) => (
            <QuestionItem
              key={q.no}
              question={q}
              draft={drafts[q.no] ?? { answer: '' }}
              hadPhoto={result?.answers.some((a) => a.questionNo === q.no && a.photo) ?? false}
              onChange={change}
              onError={setError}
            />
          ))}
          <Button type="primary" loading={submitting} onClick={() => setConfirming(true)}>
            提交作业
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="确认提交"
        confirmLabel="确定提交"
        loading={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      >
        {unanswered > 0 ? `还有 ${unanswered} 题未作答，` : ''}
        {result ? '重新提交会替换上次提交的答案，' : ''}确定提交吗？
      </ConfirmDialog>
    </AnswerFrame>
  );
}

function QuestionItem({
  question: q,
  draft,
  hadPhoto,
  onChange,
  onError,
}: {
  question: OnlineHomeworkQuestion;
  draft: Draft;
  hadPhoto: boolean;
  onChange(no: number, draft: Draft): void;
  onError(message: string): void;
}) {
  const title = `第 ${q.label} 题`;
  const value = draft.answer;
  const letters = q.choice === 'judge' ? ['对', '错'] : [...LETTERS.slice(0, q.optionCount)];
  return (
    <AnswerItem $inline aria-label={title}>
      <legend>
        {title}（{q.choice ? '客观题' : '主观题'}，{q.fullMarks} 分）
      </legend>
      {q.stem && <QuestionText text={q.stem} />}
      {q.choice !== null && (
        <ChoiceAnswers
          multiple={q.choice === 'multiple'}
          name={`hq-${q.no}`}
          letters={letters}
          value={value}
          onChange={(v) => onChange(q.no, { answer: v })}
        >
          {(letter, k) => (
            <>
              {letter}
              {q.options[k] && (
                <>
                  . <QuestionText text={q.options[k]} inline />
                </>
              )}
            </>
          )}
        </ChoiceAnswers>
      )}
      {q.choice === null && (
        <>
          <label htmlFor={`hq-${q.no}`}>{title}解答</label>
          <textarea
            id={`hq-${q.no}`}
            value={value}
            maxLength={4000}
            onChange={(e) => onChange(q.no, { ...draft, answer: e.target.value })}
          />
          <label>
            {title}照片（PNG 或 JPG，可选）{' '}
            <input
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return onChange(q.no, { answer: value });
                void shrink(file)
                  .then((blob) => {
                    if (blob.size > PHOTO_LIMIT)
                      throw new Error('照片太大（最大 700 KB），请缩小后再上传');
                    return readBase64(blob);
                  })
                  .then(
                    (base64) => {
                      onError('');
                      onChange(q.no, { answer: value, photo: { name: file.name, base64 } });
                    },
                    (e: unknown) =>
                      onError(e instanceof Error && e.message ? e.message : '读取照片失败'),
                  );
              }}
            />
          </label>
          {draft.photo ? (
            <Note>已选择照片：{draft.photo.name}</Note>
          ) : (
            hadPhoto && <Note>上次提交附有照片；重新提交时请再次选择照片，否则不再保留。</Note>
          )}
        </>
      )}
    </AnswerItem>
  );
}
