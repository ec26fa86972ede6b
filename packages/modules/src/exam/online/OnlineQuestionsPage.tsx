import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  onlineRoutes,
  type OnlineQuestion,
  type OnlineQuestionInput,
  type OnlineQuestionKind,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { Button, FormField, Select, TextInput, themeOf } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox } from '../components/styled';
import { OnlineSteps } from './OnlineSteps';
import { KIND_LABELS, letterOf } from './labels';
import { useOnlineExam } from './useOnlineExam';

/** The keys under which the server lists bank questions (any one of them). */
const BANK_READ_KEYS = ['Generate', 'Paper-School', 'Paper-Cloud', 'Process'];

const BankPicker = lazy(() => import('./BankPicker').then((m) => ({ default: m.BankPicker })));

/** A question as the form holds it: marks as typed, options as a list. */
export interface QuestionDraft {
  kind: OnlineQuestionKind;
  stem: string;
  options: string[];
  fullMarks: string;
  source?: OnlineQuestion['source'];
  sourceRef?: string | null;
}

const CHOICE: readonly OnlineQuestionKind[] = ['single', 'multiple'];

export const blankQuestion = (kind: OnlineQuestionKind = 'single'): QuestionDraft => ({
  kind,
  stem: '',
  options: CHOICE.includes(kind) ? ['', '', '', ''] : [],
  fullMarks: kind === 'subjective' ? '10' : '2',
});

/**
 * Checks the drafts and turns them into the call's questions; the first problem as a message.
 * A question-bank source (issue #15) gives the same drafts with `source: 'bank'`.
 */
export function toQuestionInputs(
  drafts: readonly QuestionDraft[],
): { questions: OnlineQuestionInput[] } | { error: string } {
  if (drafts.length === 0) return { error: '请至少添加一道题' };
  const questions: OnlineQuestionInput[] = [];
  for (const [i, d] of drafts.entries()) {
    const n = i + 1;
    if (!d.stem.trim()) return { error: `请填写第 ${n} 题的题干` };
    const marks = Number(d.fullMarks);
    if (!d.fullMarks.trim() || !Number.isFinite(marks) || marks <= 0 || marks > 100)
      return { error: `第 ${n} 题的分值须为 0 到 100 之间的数` };
    const choice = CHOICE.includes(d.kind);
    const options = d.options.map((o) => o.trim());
    if (choice && (options.length < 2 || options.some((o) => !o)))
      return { error: `请填写第 ${n} 题的每个选项（至少两个）` };
    questions.push({
      kind: d.kind,
      stem: d.stem.trim(),
      ...(choice ? { options } : {}),
      fullMarks: marks,
      ...(d.source ? { source: d.source } : {}),
      ...(d.sourceRef ? { sourceRef: d.sourceRef } : {}),
    });
  }
  return { questions };
}

const QuestionBox = styled.fieldset`
  margin: 0 0 16px;
  padding: 12px 16px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  legend {
    font-weight: 600;
  }
  textarea {
    width: 100%;
    min-height: 64px;
    font: inherit;
    padding: 6px 8px;
    box-sizing: border-box;
  }
`;

const OptionRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  & > div {
    flex: 1;
    margin-bottom: 0;
  }
`;

/**
 * /exam/single/Online/createSetQuestion?id=: the questions typed in — single and multiple
 * choice with their options, true/false, fill-in and free answer; formulas between `$…$`.
 * Fixed once a student has started.
 */
export function OnlineQuestionsPage() {
  const { id, exam, call } = useOnlineExam();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<QuestionDraft[]>([blankQuestion()]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const canReadBank = useExamkitStore((st) => st.permCodes.some((c) => BANK_READ_KEYS.includes(c)));

  useEffect(() => {
    if (exam && exam.questions.length > 0)
      setDrafts(
        exam.questions.map((q) => ({
          kind: q.kind,
          stem: q.stem,
          options: q.options,
          fullMarks: String(q.fullMarks),
          source: q.source,
          sourceRef: q.sourceRef,
        })),
      );
  }, [exam]);

  const update = (i: number, patch: Partial<QuestionDraft>) =>
    setDrafts((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save() {
    if (!id) return;
    const checked = toQuestionInputs(drafts);
    if ('error' in checked) return setError(checked.error);
    setError('');
    setSaving(true);
    const r = await call(
      onlineRoutes.saveQuestions,
      { id, questions: checked.questions },
      { successMessage: '试题已保存' },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    navigate(`/exam/single/Online/setAnswer?id=${id}`);
  }

  const editable = exam !== null && exam.questionsEditable && exam.canEdit;
  const total = drafts.reduce((s, d) => s + (Number(d.fullMarks) || 0), 0);
  return (
    <PageBox aria-labelledby="online-questions-title">
      <h1 id="online-questions-title">设置试题{exam ? ` · ${exam.name}` : ''}</h1>
      {id && <OnlineSteps id={id} />}
      <Note>
        公式写在两个美元符号之间，学生页面按公式显示。共 {drafts.length} 题，{total} 分。
      </Note>
      {exam && !exam.questionsEditable && (
        <Note role="status">已有学生开始作答，试题不能再修改。</Note>
      )}
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        {drafts.map((d, i) => (
          <QuestionBox key={i} aria-label={`第 ${i + 1} 题`}>
            <legend>
              第 {i + 1} 题 · {KIND_LABELS[d.kind]}
              {d.source === 'bank' && ' · 来自题库'}
            </legend>
            {d.source === 'bank' && <Note>保存后答案从题库带入，可在下一步核对。</Note>}
            <FormField label={`第 ${i + 1} 题题型`}>
              <Select
                value={d.kind}
                options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
                onChange={(e) => {
                  const kind = e.target.value as OnlineQuestionKind;
                  update(i, {
                    kind,
                    options: CHOICE.includes(kind)
                      ? d.options.length >= 2
                        ? d.options
                        : ['', '', '', '']
                      : [],
                  });
                }}
              />
            </FormField>
            <label htmlFor={`online-stem-${i}`}>第 {i + 1} 题题干</label>
            <textarea
              id={`online-stem-${i}`}
              value={d.stem}
              maxLength={4000}
              onChange={(e) => update(i, { stem: e.target.value })}
            />
            {CHOICE.includes(d.kind) && (
              <div role="group" aria-label={`第 ${i + 1} 题选项`}>
                {d.options.map((o, k) => (
                  <OptionRow key={k}>
                    <FormField label={`第 ${i + 1} 题选项 ${letterOf(k)}`}>
                      <TextInput
                        value={o}
                        maxLength={500}
                        onChange={(e) =>
                          update(i, {
                            options: d.options.map((x, m) => (m === k ? e.target.value : x)),
                          })
                        }
                      />
                    </FormField>
                    <Button
                      size="small"
                      disabled={d.options.length <= 2}
                      aria-label={`删除第 ${i + 1} 题选项 ${letterOf(k)}`}
                      onClick={() => update(i, { options: d.options.filter((_, m) => m !== k) })}
                    >
                      删除
                    </Button>
                  </OptionRow>
                ))}
                <Button
                  size="small"
                  disabled={d.options.length >= 8}
                  onClick={() => update(i, { options: [...d.options, ''] })}
                >
                  添加选项
                </Button>
              </div>
            )}
            <FormField label={`第 ${i + 1} 题分值`}>
              <TextInput
                inputMode="decimal"
                value={d.fullMarks}
                onChange={(e) => update(i, { fullMarks: e.target.value })}
              />
            </FormField>
            <Button
              size="small"
              disabled={drafts.length <= 1}
              onClick={() => setDrafts((rows) => rows.filter((_, j) => j !== i))}
            >
              删除第 {i + 1} 题
            </Button>
          </QuestionBox>
        ))}
      </fieldset>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {picking && exam && (
        <Suspense fallback={null}>
          <BankPicker
            subjectCode={exam.subjectCode}
            subjectName={exam.subjectName}
            gradeName={exam.gradeName}
            onClose={() => setPicking(false)}
            onPick={(picked) => {
              // The untouched first question of a new exam gives way to the picked ones.
              setDrafts((rows) => [...rows.filter((r) => r.source || r.stem.trim()), ...picked]);
              setPicking(false);
            }}
          />
        </Suspense>
      )}
      {editable && (
        <Actions>
          <Button onClick={() => setDrafts((rows) => [...rows, blankQuestion()])}>添加题目</Button>
          {canReadBank && <Button onClick={() => setPicking(true)}>从题库选题</Button>}
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存并设置答案
          </Button>
        </Actions>
      )}
    </PageBox>
  );
}
