import { useState } from 'react';
import type {
  BankQuestionItem,
  BankQuestionType,
  OnlineQuestionKind,
  ResourceSubject,
} from '@examkit/contracts';
import { DIFFICULTIES, QUESTION_TYPE_KEYS, QUESTION_TYPES } from '@examkit/contracts/rules';
import { styled } from 'styled-components';
import { Button, Dialog, Empty, FormField, Select, themeOf } from '@examkit/ui';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { KnowledgeTree } from '../../resource/bank/KnowledgeTree';
import {
  useBankChoices,
  useKnowledgeTree,
  useQuestionPage,
} from '../../resource/bank/useBankChoices';
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

const Layout = styled.div`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`;
const Side = styled.nav`
  max-height: 55vh;
  overflow: auto;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  padding: 6px;
`;
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 12px;
  align-items: flex-end;
`;
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
  const [bank, setBank] = useState<'school' | 'cloud'>('school');
  const [chosenSubject, setSubject] = useState('');
  const subjectCode = chosenSubject || subjectOf(subjects, examSubject, subjectName);
  const stage = ((stages.find((s) => s.grades.some((g) => g.gradeName === gradeName)) ?? stages[0])
    ?.stage ?? null) as 1 | 2 | 3 | null;
  const { nodes } = useKnowledgeTree(subjectCode, stage);
  const [pointId, setPointId] = useState<number | null>(null);
  const [type, setType] = useState<BankQuestionType | null>(null);
  const [difficulty, setDifficulty] = useState<number | null>(null);
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<BankQuestionItem[]>([]);
  const { rows, total } = useQuestionPage(
    subjectCode
      ? {
          bank,
          subjectCode,
          stage,
          gradeNum: null,
          type,
          difficulty,
          pointId,
          source: '',
          year: null,
          keyWord,
          pageNum: page,
          pageSize: PAGE_SIZE,
        }
      : null,
  );
  /** Every filter change starts again at the first page. */
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };
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
      <Filters role="search" aria-label="筛选题库试题">
        <FormField label="题库">
          <Select
            value={bank}
            options={[
              { value: 'school', label: '本校题库' },
              { value: 'cloud', label: '云题库' },
            ]}
            onChange={(e) => filter(() => setBank(e.target.value as 'school' | 'cloud'))}
          />
        </FormField>
        <FormField label="学科">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) =>
              filter(() => {
                setPointId(null);
                setSubject(e.target.value);
              })
            }
          />
        </FormField>
        <FormField label="题型">
          <Select
            value={type ?? ''}
            placeholder="全部"
            options={QUESTION_TYPE_KEYS.map((k) => ({ value: k, label: QUESTION_TYPES[k] }))}
            onChange={(e) =>
              filter(() => setType((e.target.value || null) as BankQuestionType | null))
            }
          />
        </FormField>
        <FormField label="难度">
          <Select
            value={difficulty ?? ''}
            placeholder="全部"
            options={DIFFICULTIES.map((d, i) => ({ value: i + 1, label: d }))}
            onChange={(e) =>
              filter(() => setDifficulty(e.target.value ? Number(e.target.value) : null))
            }
          />
        </FormField>
        <KeywordSearch
          initial={keyWord}
          placeholder="输入题干中的词语"
          onSearch={(k) => filter(() => setKeyWord(k))}
        />
      </Filters>
      <Layout>
        <Side aria-label="知识点">
          <KnowledgeTree
            nodes={nodes}
            selected={pointId}
            allLabel="全部知识点"
            onSelect={(id) => filter(() => setPointId(id))}
          />
        </Side>
        <div>
          <p role="status">
            共 {total} 题，已选 {chosen.length} 题
          </p>
          {rows === null ? (
            <p>加载中</p>
          ) : rows.length === 0 ? (
            <Empty />
          ) : (
            <Picks aria-label="题库试题">
              {rows.map((q, i) => {
                const n = (page - 1) * PAGE_SIZE + i + 1;
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
          <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </div>
      </Layout>
    </Dialog>
  );
}
