import { useCallback, useEffect, useRef, useState } from 'react';
import {
  onlineRoutes,
  type OnlineSubmitResult,
  type StudentExam,
  type StudentQuestion,
} from '@examkit/contracts';
import { Button, FormField, TextInput, useDebouncedCallback } from '@examkit/ui';
import {
  AnswerBar,
  AnswerEntry,
  AnswerFrame,
  AnswerItem,
  ChoiceAnswers,
} from '../../common/answerParts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useApiCall } from '../../common/useApiCall';
import { ErrorText } from '../components/styled';
import { JUDGE_LABELS, KIND_LABELS, letterOf } from './labels';
import { QuestionText } from './QuestionText';

type Answers = Record<number, string>;

const remaining = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒`;
};

/**
 * /online-exam: the student page of an online exam. A student enters with the exam code and
 * their student number (no account); answers are saved as they are typed, handed in once
 * (a retry answers the same result) and at the deadline at the latest.
 * @see docs/online-exams.md
 */
export function OnlineStudentPage() {
  const call = useApiCall();
  const [exam, setExam] = useState<StudentExam | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saveError, setSaveError] = useState('');
  const [result, setResult] = useState<OnlineSubmitResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const listOf = (a: Answers) =>
    Object.entries(a).map(([questionId, answer]) => ({ questionId: Number(questionId), answer }));

  const saving = useRef(false);
  const again = useRef(false);
  const save = useDebouncedCallback(() => void saveNow(), 1200);
  async function saveNow() {
    if (!exam) return;
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    const sent = answersRef.current;
    const r = await call(
      onlineRoutes.autosave,
      { ticket: exam.ticket, answers: listOf(sent) },
      { errorMessage: false, dedupe: false },
    );
    saving.current = false;
    if (r.ok) {
      setSavedAt(r.data.savedAt);
      setSaveError('');
    } else setSaveError(r.message);
    if (r.ok && (again.current || answersRef.current !== sent)) {
      again.current = false;
      save();
    }
  }

  const submit = useCallback(async () => {
    if (!exam) return;
    save.cancel();
    setSubmitting(true);
    const r = await call(
      onlineRoutes.submit,
      { ticket: exam.ticket, answers: listOf(answersRef.current) },
      // Handing in twice changes nothing on the server, so a lost reply is simply asked again.
      { retry: 3, idempotent: true, dedupe: false },
    );
    setSubmitting(false);
    setConfirming(false);
    if (r.ok) setResult(r.data);
    else setSaveError(r.message);
  }, [call, exam, save]);

  async function enter(code: string, studentNo: string) {
    const r = await call(onlineRoutes.enter, { code, studentNo });
    if (!r.ok) return r.message;
    setExam(r.data);
    setAnswers(Object.fromEntries(r.data.answers.map((a) => [a.questionId, a.answer])));
    if (r.data.submittedAt !== null) {
      // Already handed in: the same call answers the stored result.
      const done = await call(
        onlineRoutes.submit,
        { ticket: r.data.ticket, answers: [] },
        { errorMessage: false },
      );
      if (done.ok) setResult(done.data);
    }
    return null;
  }

  const answer = (id: number, value: string) => {
    setAnswers((a) => ({ ...a, [id]: value }));
    save();
  };

  const deadline = exam?.deadlineAt ?? null;
  useEffect(() => {
    if (deadline === null || result) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, result]);
  useEffect(() => {
    if (deadline !== null && !result && !submitting && now >= deadline) void submit();
  }, [deadline, now, result, submitting, submit]);

  if (!exam)
    return (
      <AnswerEntry
        titleId="online-student-title"
        title="在线答题"
        codeLabel="考试码"
        action="进入考试"
        note="考试码由老师提供。请在规定时间内进入，进入后开始计时。"
        onEnter={enter}
      />
    );

  const unanswered = exam.questions.filter((q) => !(answers[q.id] ?? '').trim()).length;
  return (
    <AnswerFrame aria-labelledby="online-student-title">
      <h1 id="online-student-title">
        {exam.examName} · {exam.subjectName}
      </h1>
      <AnswerBar $sticky>
        <span>
          {exam.className} {exam.studentName}
        </span>
        {result ? (
          <strong role="status">已交卷</strong>
        ) : (
          <>
            <span role="timer" aria-label="剩余时间">
              剩余时间：{remaining(exam.deadlineAt - now)}
            </span>
            <span role="status">
              {savedAt ? `答案已自动保存（${new Date(savedAt).toLocaleTimeString('zh-CN')}）` : ''}
            </span>
            <Button type="primary" loading={submitting} onClick={() => setConfirming(true)}>
              交卷
            </Button>
          </>
        )}
      </AnswerBar>
      {saveError && <ErrorText role="alert">{saveError}</ErrorText>}
      {result ? (
        <section aria-labelledby="online-result-title">
          <h2 id="online-result-title">交卷成功</h2>
          <p>
            选择、判断和填空题得分：{result.objectiveScore} / {result.objectiveFull}
          </p>
          {result.pendingMarks > 0 && <p>解答题共 {result.pendingMarks} 分，等待老师阅卷。</p>}
        </section>
      ) : (
        exam.questions.map((q) => (
          <QuestionItem key={q.id} question={q} value={answers[q.id] ?? ''} onChange={answer} />
        ))
      )}
      <ConfirmDialog
        open={confirming}
        title="确认交卷"
        confirmLabel="确定交卷"
        loading={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      >
        {unanswered > 0 ? `还有 ${unanswered} 题未作答，` : ''}交卷后不能再修改答案，确定交卷吗？
      </ConfirmDialog>
    </AnswerFrame>
  );
}

function QuestionItem({
  question: q,
  value,
  onChange,
}: {
  question: StudentQuestion;
  value: string;
  onChange(id: number, value: string): void;
}) {
  const title = `第 ${q.number} 题`;
  const letters = q.kind === 'judge' ? ['T', 'F'] : q.options.map((_, k) => letterOf(k));
  return (
    <AnswerItem aria-label={title}>
      <legend>
        {title}（{KIND_LABELS[q.kind]}，{q.fullMarks} 分）
      </legend>
      <QuestionText text={q.stem} />
      {(q.kind === 'single' || q.kind === 'judge' || q.kind === 'multiple') && (
        <ChoiceAnswers
          multiple={q.kind === 'multiple'}
          name={`q-${q.id}`}
          letters={letters}
          value={value}
          onChange={(v) => onChange(q.id, v)}
        >
          {(letter, k) =>
            q.kind === 'judge' ? (
              JUDGE_LABELS[letter]
            ) : (
              <>
                {letter}. <QuestionText text={q.options[k]!} inline />
              </>
            )
          }
        </ChoiceAnswers>
      )}
      {q.kind === 'fill' && (
        <FormField label={`${title}答案`}>
          <TextInput
            value={value}
            maxLength={200}
            onChange={(e) => onChange(q.id, e.target.value)}
          />
        </FormField>
      )}
      {q.kind === 'subjective' && (
        <>
          <label htmlFor={`q-${q.id}`}>{title}解答</label>
          <textarea
            id={`q-${q.id}`}
            value={value}
            maxLength={4000}
            onChange={(e) => onChange(q.id, e.target.value)}
          />
        </>
      )}
    </AnswerItem>
  );
}
