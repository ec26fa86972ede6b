import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onlineRoutes, type BodyOf, type OnlineQuestion } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox, Table } from '../components/styled';
import { OnlineSteps } from './OnlineSteps';
import { JUDGE_LABELS, KIND_LABELS, letterOf } from './labels';
import { QuestionText } from './QuestionText';
import { useOnlineExam } from './useOnlineExam';

interface KeyDraft {
  answer: string;
  partialMarks: string;
  /** Fill-in: accepted answers, one per line. */
  accepted: string;
  reference: string;
}

type AnswerItem = BodyOf<typeof onlineRoutes.saveAnswers>['answers'][number];

const draftOf = (q: OnlineQuestion): KeyDraft => ({
  answer: q.answer ?? '',
  partialMarks: q.partialMarks === null ? '' : String(q.partialMarks),
  accepted: q.accepted.join('\n'),
  reference: q.reference,
});

/** The call's answers from the drafts, or the first problem. */
export function toAnswerItems(
  questions: readonly OnlineQuestion[],
  drafts: readonly KeyDraft[],
): { answers: AnswerItem[] } | { error: string } {
  const answers: AnswerItem[] = [];
  for (const [i, q] of questions.entries()) {
    const d = drafts[i]!;
    if (q.kind === 'fill') {
      const accepted = d.accepted
        .split('\n')
        .map((a) => a.trim())
        .filter(Boolean);
      answers.push({ questionId: q.id, accepted });
    } else if (q.kind === 'subjective') {
      answers.push({ questionId: q.id, reference: d.reference });
    } else {
      let partialMarks: number | null = null;
      if (q.kind === 'multiple' && d.partialMarks.trim()) {
        partialMarks = Number(d.partialMarks);
        if (!Number.isFinite(partialMarks) || partialMarks <= 0 || partialMarks >= q.fullMarks)
          return { error: `第 ${q.number} 题的少选得分须大于 0 且小于 ${q.fullMarks}` };
      }
      answers.push({
        questionId: q.id,
        answer: d.answer || null,
        ...(q.kind === 'multiple' ? { partialMarks } : {}),
      });
    }
  }
  return { answers };
}

/**
 * /exam/single/Online/setAnswer?id=: the key of each question — the right option(s), 对 or 错,
 * the accepted fill-in answers, a free answer's reference for the markers. Submitted answers are
 * scored again when a key changes.
 */
export function OnlineAnswerPage() {
  const { id, exam, call, replace } = useOnlineExam();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<KeyDraft[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (exam) setDrafts(exam.questions.map(draftOf));
  }, [exam]);

  const update = (i: number, patch: Partial<KeyDraft>) =>
    setDrafts((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save() {
    if (!id || !exam) return;
    const checked = toAnswerItems(exam.questions, drafts);
    if ('error' in checked) return setError(checked.error);
    setError('');
    setSaving(true);
    const r = await call(
      onlineRoutes.saveAnswers,
      { id, answers: checked.answers },
      { successMessage: '答案已保存' },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    replace(r.data);
    navigate(`/exam/single/Online/createSetTime?id=${id}`);
  }

  return (
    <PageBox aria-labelledby="online-answer-title">
      <h1 id="online-answer-title">设置答案{exam ? ` · ${exam.name}` : ''}</h1>
      {id && <OnlineSteps id={id} />}
      <Note>选择题、判断题和填空题交卷即判分；解答题交给阅卷，参考答案会显示给阅卷老师。</Note>
      {exam && exam.questions.length === 0 && <Note>还没有试题，请先设置试题。</Note>}
      {exam && drafts.length === exam.questions.length && exam.questions.length > 0 && (
        <Table aria-label="答案设置">
          <thead>
            <tr>
              <th scope="col">题号</th>
              <th scope="col">题目</th>
              <th scope="col">答案</th>
            </tr>
          </thead>
          <tbody>
            {exam.questions.map((q, i) => (
              <tr key={q.id}>
                <td>
                  {q.number}
                  <br />
                  {KIND_LABELS[q.kind]}，{q.fullMarks} 分
                </td>
                <td>
                  <QuestionText text={q.stem} />
                  {q.options.length > 0 && (
                    <ol type="A">
                      {q.options.map((o, k) => (
                        <li key={k}>
                          <QuestionText text={o} inline />
                        </li>
                      ))}
                    </ol>
                  )}
                </td>
                <td>
                  <KeyEditor question={q} draft={drafts[i]!} onChange={(p) => update(i, p)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {exam?.canEdit && exam.questions.length > 0 && exam.state !== 'published' && (
        <Actions style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存并设置时间
          </Button>
        </Actions>
      )}
    </PageBox>
  );
}

function KeyEditor({
  question: q,
  draft,
  onChange,
}: {
  question: OnlineQuestion;
  draft: KeyDraft;
  onChange(patch: Partial<KeyDraft>): void;
}) {
  const label = `第 ${q.number} 题`;
  if (q.kind === 'fill')
    return (
      <>
        <label htmlFor={`online-accepted-${q.id}`}>{label}可接受答案（每行一个）</label>
        <textarea
          id={`online-accepted-${q.id}`}
          rows={2}
          value={draft.accepted}
          onChange={(e) => onChange({ accepted: e.target.value })}
        />
      </>
    );
  if (q.kind === 'subjective')
    return (
      <>
        <label htmlFor={`online-reference-${q.id}`}>{label}参考答案</label>
        <textarea
          id={`online-reference-${q.id}`}
          rows={3}
          value={draft.reference}
          onChange={(e) => onChange({ reference: e.target.value })}
        />
      </>
    );
  const letters = q.kind === 'judge' ? ['T', 'F'] : q.options.map((_, k) => letterOf(k));
  const chosen = new Set(draft.answer.split(''));
  const toggle = (letter: string, on: boolean) => {
    if (q.kind !== 'multiple') return onChange({ answer: letter });
    const next = new Set(chosen);
    if (on) next.add(letter);
    else next.delete(letter);
    onChange({ answer: [...next].sort().join('') });
  };
  return (
    <div role="group" aria-label={`${label}答案`}>
      {letters.map((letter) => (
        <label key={letter} style={{ marginRight: 12 }}>
          <input
            type={q.kind === 'multiple' ? 'checkbox' : 'radio'}
            name={`online-key-${q.id}`}
            checked={chosen.has(letter)}
            onChange={(e) => toggle(letter, e.target.checked)}
          />
          {JUDGE_LABELS[letter] ?? letter}
        </label>
      ))}
      {q.kind === 'multiple' && (
        <FormField label={`${label}少选得分`} hint="选对一部分且没有错选时的得分，可不填">
          <TextInput
            inputMode="decimal"
            value={draft.partialMarks}
            onChange={(e) => onChange({ partialMarks: e.target.value })}
          />
        </FormField>
      )}
    </div>
  );
}
