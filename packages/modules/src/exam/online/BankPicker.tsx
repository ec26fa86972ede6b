import { useState } from 'react';
import type {
  BankQuestionItem,
  BankQuestionType,
  OnlineQuestionKind,
  ResourceSubject,
} from '@examkit/contracts';
import { styled } from 'styled-components';
import { Button, Dialog, themeOf } from '@examkit/ui';
import { BankBrowser, useBankFilter, useBankQuestions } from '../../resource/bank/BankBrowser';
import { useBankChoices } from '../../resource/bank/useBankChoices';
import { QuestionView } from '../../resource/components/QuestionView';
import type { QuestionDraft } from './OnlineQuestionsPage';

const PAGE_SIZE = 5;

/** The online question kind of a bank type (composite and essay questions are free answers). */
const KIND_OF: Record<BankQuestionType, OnlineQuestionKind> = {
  single: 'single',
  multiple: 'multiple',
  judge: 'judge',
  blank: 'fill',
  answer: 'subjective',
  essay: 'subjective',
  composite: 'subjective',
};

/**
 * A bank question as a draft of the question page: the stem (a composite question's parts
 * follow it), the options, and `source: 'bank'` with the item's id, from which the server takes
 * the key when the questions are saved.
 */
export function draftOfBank(q: BankQuestionItem): QuestionDraft {
  const kind = KIND_OF[q.type];
  const parts = q.children.map((c, i) => `（${i + 1}）${c.stem}`);
  return {
    kind,
    stem: [q.stem, ...parts].join('\n\n'),
    options: kind === 'single' || kind === 'multiple' ? q.options : [],
    fullMarks: kind === 'subjective' ? '10' : kind === 'fill' ? '3' : '2',
    source: 'bank',
    sourceRef: String(q.id),
  };
}

/** The school subject of the exam: by code, else by name, else the first. */
const subjectOf = (subjects: ResourceSubject[], code: string, name: string) =>
  (
    subjects.find((s) => s.subjectCode === code) ??
    subjects.find((s) => s.subjectName === name) ??
    subjects[0]
  )?.subjectCode ?? '';

const Picks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  max-height: 50vh;
  overflow: auto;
`;
const Pick = styled.li<{ $chosen: boolean }>`
  border: 1px solid ${(p) => (p.$chosen ? themeOf(p).colors.primary : themeOf(p).colors.border)};
  border-radius: 4px;
  padding: 10px 12px;
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    margin-top: 6px;
    font-weight: 600;
  }
`;

/**
 * 从题库选题: the school's bank or the cloud bank of the exam's stage, filtered by subject (the
 * exam's first), knowledge point, type, difficulty and words of the stem; the questions shown with their
 * answers, ticked across pages and added to the exam as drafts.
 */
export function BankPicker({
  subjectCode: examSubject,
  subjectName,
  gradeName,
  onClose,
  onPick,
}: {
  subjectCode: string;
  subjectName: string;
  /** The exam's grade: the bank's stage (学段) is the one holding it. */
  gradeName: string;
  onClose: () => void;
  onPick: (drafts: QuestionDraft[]) => void;
}) {
  const { subjects, stages } = useBankChoices();
  const [filter, change] = useBankFilter('school');
  const subjectCode = filter.subjectCode || subjectOf(subjects, examSubject, subjectName);
  const stage = ((stages.find((s) => s.grades.some((g) => g.gradeName === gradeName)) ?? stages[0])
    ?.stage ?? null) as 1 | 2 | 3 | null;
  const { rows, total, nodes } = useBankQuestions(filter, subjectCode, stage, PAGE_SIZE);
  const [chosen, setChosen] = useState<BankQuestionItem[]>([]);
  const toggle = (q: BankQuestionItem) =>
    setChosen((list) =>
      list.some((c) => c.id === q.id) ? list.filter((c) => c.id !== q.id) : [...list, q],
    );

  return (
    <Dialog
      open
      title="从题库选题"
      width={960}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            onClick={() => onPick(chosen.map(draftOfBank))}
          >
            加入所选试题（{chosen.length}）
          </Button>
        </>
      }
    >
      <BankBrowser
        filter={filter}
        change={change}
        subjects={subjects}
        subjectCode={subjectCode}
        banks={{ school: '本校题库', cloud: '云题库' }}
        nodes={nodes}
        rows={rows}
        total={total}
        pageSize={PAGE_SIZE}
        filterLabel="筛选题库试题"
        side={200}
        status={
          <p role="status">
            共 {total} 题，已选 {chosen.length} 题
          </p>
        }
        renderList={(list, first) => (
          <Picks aria-label="题库试题">
            {list.map((q, i) => {
              const n = first + i;
              const on = chosen.some((c) => c.id === q.id);
              return (
                <Pick key={q.id} $chosen={on}>
                  <QuestionView question={q} withAnswer label={`题库第 ${n} 题`} />
                  <label>
                    <input type="checkbox" checked={on} onChange={() => toggle(q)} />
                    选择题库第 {n} 题
                  </label>
                </Pick>
              );
            })}
          </Picks>
        )}
      />
    </Dialog>
  );
}
