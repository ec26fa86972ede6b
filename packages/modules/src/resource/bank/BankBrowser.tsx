import { useState, type ReactNode } from 'react';
import type { BankQuestionItem, BankQuestionType, ResourceSubject } from '@examkit/contracts';
import { DIFFICULTIES, QUESTION_TYPE_KEYS, QUESTION_TYPES } from '@examkit/contracts/rules';
import { useListMemory } from '@examkit/core/react';
import { styled } from 'styled-components';
import { Empty, FormField, Select, themeOf } from '@examkit/ui';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { Toolbar } from '../../common/styled';
import { KnowledgeTree } from './KnowledgeTree';
import { useKnowledgeTree, useQuestionPage } from './useBankChoices';

type Bank = 'school' | 'cloud';

/** What a bank question list is filtered by, and its page. `subjectCode` '' is the default subject. */
export interface BankFilter {
  bank: Bank;
  subjectCode: string;
  gradeNum: number | null;
  pointId: number | null;
  type: BankQuestionType | null;
  difficulty: number | null;
  keyWord: string;
  page: number;
}

/** Changes some filters; any change but the page's starts again at page 1, a new subject at the whole tree. */
export type ChangeBankFilter = (patch: Partial<BankFilter>) => void;

const restart = (patch: Partial<BankFilter>): Partial<BankFilter> => ({
  ...(patch.page === undefined && { page: 1 }),
  ...(patch.subjectCode !== undefined && { pointId: null }),
  ...patch,
});

/** Filters held by the component (a dialog that starts afresh each time). */
export function useBankFilter(bank: Bank): [BankFilter, ChangeBankFilter] {
  const [filter, setFilter] = useState<BankFilter>({
    bank,
    subjectCode: '',
    gradeNum: null,
    pointId: null,
    type: null,
    difficulty: null,
    keyWord: '',
    page: 1,
  });
  return [filter, (patch) => setFilter((f) => ({ ...f, ...restart(patch) }))];
}

/** Filters of a page: subject, grade, words and page stay in the list memory (spec 000 §3). */
export function useRememberedBankFilter(
  memoryKey: string,
  bank: Bank,
): [BankFilter, ChangeBankFilter] {
  const [memory, remember] = useListMemory(memoryKey);
  const [local, setLocal] = useState({
    bank,
    pointId: null as number | null,
    type: null as BankQuestionType | null,
    difficulty: null as number | null,
  });
  const filter: BankFilter = {
    ...local,
    subjectCode: memory.subjectCode ?? '',
    gradeNum: memory.gradeNum ? Number(memory.gradeNum) : null,
    keyWord: memory.keyWord ?? '',
    page: memory.currentPage || 1,
  };
  const change: ChangeBankFilter = (patch) => {
    const { subjectCode, gradeNum, keyWord, page, ...rest } = restart(patch);
    if (Object.keys(rest).length) setLocal((l) => ({ ...l, ...rest }));
    remember({
      ...(subjectCode !== undefined && { subjectCode }),
      ...(gradeNum !== undefined && { gradeNum: gradeNum === null ? '' : String(gradeNum) }),
      ...(keyWord !== undefined && { keyWord }),
      ...(page !== undefined && { currentPage: page }),
    });
  };
  return [filter, change];
}

/** One page of questions for the filters, with the subject and stage it resolved to. */
export function useBankQuestions(
  filter: BankFilter,
  subjectCode: string,
  stage: 1 | 2 | 3 | null,
  pageSize: number,
) {
  const { nodes } = useKnowledgeTree(subjectCode, stage);
  const page = useQuestionPage(
    subjectCode
      ? {
          bank: filter.bank,
          subjectCode,
          stage,
          gradeNum: filter.gradeNum,
          type: filter.type,
          difficulty: filter.difficulty,
          pointId: filter.pointId,
          source: '',
          year: null,
          keyWord: filter.keyWord,
          pageNum: filter.page,
          pageSize,
        }
      : null,
  );
  return { ...page, nodes };
}

const Layout = styled.div<{ $side: number }>`
  display: grid;
  grid-template-columns: ${(p) => p.$side}px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`;
const Side = styled.nav`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  padding: 8px;
  max-height: 65vh;
  overflow: auto;
`;

/**
 * The body every bank question list shares: filters (the bank when `banks` names them, subject,
 * the grade when `grades` are given, type, difficulty, words of the stem), the knowledge tree on
 * the left and a page of questions, drawn by `renderList`, with the pager.
 */
export function BankBrowser({
  filter,
  change,
  subjects,
  subjectCode,
  banks,
  grades,
  nodes,
  rows,
  total,
  pageSize,
  filterLabel,
  toolbarEnd,
  status,
  side = 240,
  renderList,
}: {
  filter: BankFilter;
  change: ChangeBankFilter;
  subjects: ResourceSubject[];
  /** The subject shown (the filter's, else the caller's default). */
  subjectCode: string;
  banks?: Record<Bank, string>;
  grades?: { value: number; label: string }[];
  nodes: Parameters<typeof KnowledgeTree>[0]['nodes'];
  rows: BankQuestionItem[] | null;
  total: number;
  pageSize: number;
  filterLabel: string;
  toolbarEnd?: ReactNode;
  status?: ReactNode;
  side?: number;
  renderList: (rows: BankQuestionItem[], first: number) => ReactNode;
}) {
  return (
    <>
      <Toolbar role="search" aria-label={filterLabel}>
        {banks && (
          <FormField label="题库">
            <Select
              value={filter.bank}
              options={(['school', 'cloud'] as const).map((b) => ({ value: b, label: banks[b] }))}
              onChange={(e) => change({ bank: e.target.value as Bank })}
            />
          </FormField>
        )}
        <FormField label="学科">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => change({ subjectCode: e.target.value })}
          />
        </FormField>
        {grades && (
          <FormField label="年级">
            <Select
              value={filter.gradeNum ?? ''}
              placeholder="全部"
              options={grades}
              onChange={(e) => change({ gradeNum: e.target.value ? Number(e.target.value) : null })}
            />
          </FormField>
        )}
        <FormField label="题型">
          <Select
            value={filter.type ?? ''}
            placeholder="全部"
            options={QUESTION_TYPE_KEYS.map((k) => ({ value: k, label: QUESTION_TYPES[k] }))}
            onChange={(e) => change({ type: (e.target.value || null) as BankQuestionType | null })}
          />
        </FormField>
        <FormField label="难度">
          <Select
            value={filter.difficulty ?? ''}
            placeholder="全部"
            options={DIFFICULTIES.map((d, i) => ({ value: i + 1, label: d }))}
            onChange={(e) => change({ difficulty: e.target.value ? Number(e.target.value) : null })}
          />
        </FormField>
        <KeywordSearch
          key={filter.keyWord}
          initial={filter.keyWord}
          placeholder="输入题干中的词语"
          onSearch={(keyWord) => change({ keyWord })}
        />
        {toolbarEnd}
      </Toolbar>
      <Layout $side={side}>
        <Side aria-label="知识点树">
          <KnowledgeTree
            nodes={nodes}
            selected={filter.pointId}
            allLabel="全部知识点"
            onSelect={(pointId) => change({ pointId })}
          />
        </Side>
        <div>
          {status}
          {rows === null ? (
            <p>加载中</p>
          ) : rows.length === 0 ? (
            <Empty />
          ) : (
            renderList(rows, (filter.page - 1) * pageSize + 1)
          )}
          <Pager
            total={total}
            page={filter.page}
            pageSize={pageSize}
            onPage={(page) => change({ page })}
          />
        </div>
      </Layout>
    </>
  );
}
