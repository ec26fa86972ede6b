import { useState, type ReactNode } from 'react';
import { resourceQuestionRoutes as R, type BankQuestionItem } from '@examkit/contracts';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Button, themeOf } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { PageBox, Spacer } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { AddToBasket } from '../basket/AddToBasket';
import { QuestionView } from '../components/QuestionView';
import { BankBrowser, useBankQuestions, useRememberedBankFilter } from './BankBrowser';
import { QuestionEditor } from './QuestionEditor';
import { useBankChoices } from './useBankChoices';

const PAGE_SIZE = 10;

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
  const [filter, change] = useRememberedBankFilter(
    picker?.memoryKey ?? `resource-${initialBank}`,
    initialBank,
  );
  const editable = filter.bank === 'school' && !picker;
  const { subjects, stages } = useBankChoices();
  const subjectCode = filter.subjectCode || subjects[0]?.subjectCode || '';
  const stage = (stages[0]?.stage ?? null) as 1 | 2 | 3 | null;
  const {
    rows,
    total,
    nodes,
    reload: load,
  } = useBankQuestions(filter, subjectCode, stage, PAGE_SIZE);
  const [shown, setShown] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<BankQuestionItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<BankQuestionItem | null>(null);

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
      <BankBrowser
        filter={filter}
        change={change}
        subjects={subjects}
        subjectCode={subjectCode}
        {...(picker && { banks: { school: '校本题库', cloud: '云题库' } })}
        grades={stages.flatMap((s) =>
          s.grades.map((g) => ({ value: g.gradeNum, label: g.gradeName })),
        )}
        nodes={nodes}
        rows={rows}
        total={total}
        pageSize={PAGE_SIZE}
        filterLabel="筛选试题"
        toolbarEnd={
          <>
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
          </>
        }
        renderList={(list, first) => (
          <Cards aria-label="试题列表">
            {list.map((q, i) => (
              <CardItem key={q.id}>
                <QuestionView
                  question={q}
                  withAnswer={shown.has(q.id)}
                  label={`第 ${first + i} 题`}
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
      />
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
