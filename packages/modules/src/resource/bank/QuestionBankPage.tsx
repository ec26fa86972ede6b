import { useState, type ReactNode } from 'react';
import {
  resourceQuestionRoutes as R,
  type BankQuestionItem,
  type BankQuestionType,
} from '@examkit/contracts';
import { DIFFICULTIES, QUESTION_TYPE_KEYS, QUESTION_TYPES } from '@examkit/contracts/rules';
import { useListMemory } from '@examkit/core/react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Button, Empty, FormField, Select, themeOf } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { AddToBasket } from '../basket/AddToBasket';
import { QuestionView } from '../components/QuestionView';
import { KnowledgeTree } from './KnowledgeTree';
import { QuestionEditor } from './QuestionEditor';
import { useBankChoices, useKnowledgeTree, useQuestionPage } from './useBankChoices';

const PAGE_SIZE = 10;

const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: 20px;
  align-items: start;
`;
const Side = styled.nav`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  padding: 8px;
  max-height: 70vh;
  overflow: auto;
`;
const Cards = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;
const CardItem = styled.li`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  padding: 12px;
  background: ${(p) => themeOf(p).colors.surface};
`;
const RowActions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: 8px;
`;

/**
 * A page that picks bank questions for something other than the 试题篮 (校本作业's 从题库选题):
 * its title, its own links, and its own toggle in place of 加入试题篮; no editing.
 */
export interface BankPicker {
  title: string;
  memoryKey: string;
  links: ReactNode;
  Toggle: (props: { question: BankQuestionItem }) => ReactNode;
}

/**
 * 选题 (/resource/generate/topic, the school's bank) and 云题库 (/resource/generate/cloud-question-bank,
 * read-only): the knowledge tree on the left, filters, and a page of question cards with their
 * answers on demand and the basket toggle. Subject, grade, keyword and page stay in the list
 * memory; the school's page adds, edits and deletes questions.
 */
export function QuestionBankPage({
  bank: initialBank,
  picker,
}: {
  bank: 'school' | 'cloud';
  picker?: BankPicker;
}) {
  const call = useApiCall();
  const [bank, setBank] = useState(initialBank);
  const editable = bank === 'school' && !picker;
  const [memory, remember] = useListMemory(picker?.memoryKey ?? `resource-${bank}`);
  const { subjects, stages } = useBankChoices();
  const subjectCode = memory.subjectCode || subjects[0]?.subjectCode || '';
  const stage = (stages[0]?.stage ?? null) as 1 | 2 | 3 | null;
  const gradeNum = memory.gradeNum ? Number(memory.gradeNum) : null;
  const keyWord = memory.keyWord ?? '';
  const page = memory.currentPage || 1;
  const [pointId, setPointId] = useState<number | null>(null);
  const [type, setType] = useState<BankQuestionType | null>(null);
  const [difficulty, setDifficulty] = useState<number | null>(null);
  const { nodes } = useKnowledgeTree(subjectCode, stage);
  const [shown, setShown] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<BankQuestionItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<BankQuestionItem | null>(null);

  const {
    rows,
    total,
    reload: load,
  } = useQuestionPage(
    subjectCode
      ? {
          bank,
          subjectCode,
          stage,
          gradeNum,
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

  const filter = (apply: () => void) => {
    apply();
    remember({ currentPage: 1 });
  };

  async function confirmRemove() {
    if (!removing) return;
    const r = await call(R.questionDelete, { id: removing.id }, { successMessage: '删除成功' });
    if (r.ok) {
      setRemoving(null);
      void load();
    }
  }

  const title = picker?.title ?? (editable ? '智能组卷' : '云题库');
  const Toggle = picker?.Toggle ?? AddToBasket;
  return (
    <PageBox aria-labelledby="bank-title">
      <h1 id="bank-title">{title}</h1>
      <Toolbar role="search" aria-label="筛选试题">
        {picker && (
          <FormField label="题库">
            <Select
              value={bank}
              options={[
                { value: 'school', label: '校本题库' },
                { value: 'cloud', label: '云题库' },
              ]}
              onChange={(e) => filter(() => setBank(e.target.value as 'school' | 'cloud'))}
            />
          </FormField>
        )}
        <FormField label="学科">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => {
              setPointId(null);
              remember({ subjectCode: e.target.value, currentPage: 1 });
            }}
          />
        </FormField>
        <FormField label="年级">
          <Select
            value={gradeNum ?? ''}
            placeholder="全部"
            options={stages.flatMap((s) =>
              s.grades.map((g) => ({ value: g.gradeNum, label: g.gradeName })),
            )}
            onChange={(e) => remember({ gradeNum: e.target.value, currentPage: 1 })}
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
          key={keyWord}
          initial={keyWord}
          placeholder="输入题干中的词语"
          onSearch={(k) => remember({ keyWord: k, currentPage: 1 })}
        />
        <Spacer />
        <nav aria-label="题库">
          {picker ? (
            picker.links
          ) : editable ? (
            <>
              <Link to="/resource/generate/assistants">组卷助手</Link>
              {' · '}
              <Link to="/resource/generate/cloud-question-bank">云题库</Link>
              {' · '}
              <Link to="/resource/knowledge-edit">知识点编辑</Link>
            </>
          ) : (
            <Link to="/resource/generate/topic">返回智能组卷</Link>
          )}
        </nav>
        {editable && (
          <Button
            type="primary"
            disabled={!subjectCode || !stage}
            onClick={() => setEditing('new')}
          >
            录入试题
          </Button>
        )}
      </Toolbar>
      <Layout>
        <Side aria-label="知识点树">
          <KnowledgeTree
            nodes={nodes}
            selected={pointId}
            allLabel="全部知识点"
            onSelect={(id) => filter(() => setPointId(id))}
          />
        </Side>
        <div>
          {rows === null ? (
            <p>加载中</p>
          ) : rows.length === 0 ? (
            <Empty />
          ) : (
            <Cards aria-label="试题列表">
              {rows.map((q, i) => (
                <CardItem key={q.id}>
                  <QuestionView
                    question={q}
                    withAnswer={shown.has(q.id)}
                    label={`第 ${(page - 1) * PAGE_SIZE + i + 1} 题`}
                  />
                  <RowActions>
                    <Button
                      size="small"
                      aria-expanded={shown.has(q.id)}
                      onClick={() =>
                        setShown((s) => {
                          const next = new Set(s);
                          if (!next.delete(q.id)) next.add(q.id);
                          return next;
                        })
                      }
                    >
                      {shown.has(q.id) ? '收起答案' : '查看答案'}
                    </Button>
                    <Toggle question={q} />
                    {editable && q.bank === 'school' && (
                      <>
                        <Button size="small" onClick={() => setEditing(q)}>
                          编辑
                        </Button>
                        <Button size="small" onClick={() => setRemoving(q)}>
                          删除
                        </Button>
                      </>
                    )}
                  </RowActions>
                </CardItem>
              ))}
            </Cards>
          )}
          <Pager
            total={total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(p) => remember({ currentPage: p })}
          />
        </div>
      </Layout>
      {editing && stage && (
        <QuestionEditor
          question={editing === 'new' ? null : editing}
          subjectCode={subjectCode}
          stage={stage}
          stages={stages}
          points={nodes}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除试题"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        删除后该题不再出现在题库和搜索中，已用到它的试卷不受影响。
      </ConfirmDialog>
    </PageBox>
  );
}

/** /resource/generate/topic. */
export const TopicPage = () => <QuestionBankPage bank="school" />;
/** /resource/generate/cloud-question-bank. */
export const CloudBankPage = () => <QuestionBankPage bank="cloud" />;
