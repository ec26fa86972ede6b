import { useState } from 'react';
import { resourceQuestionRoutes as R, type KnowledgeNode } from '@examkit/contracts';
import { styled } from 'styled-components';
import { Button, Dialog, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { Actions, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { KnowledgeTree } from '../bank/KnowledgeTree';
import { useBankChoices, useKnowledgeTree } from '../bank/useBankChoices';

const Inline = styled.span`
  display: inline-flex;
  gap: 4px;
  margin-left: 8px;
`;

/** What the name dialog does: add under a node (or at the top), or rename one. */
type NameTask =
  { kind: 'add'; parent: KnowledgeNode | null } | { kind: 'rename'; node: KnowledgeNode };

/**
 * /resource/knowledge-edit: the school's knowledge tree per subject and stage. Shared nodes are
 * read-only (the school may add its own below them); the school's nodes are renamed, moved to
 * the top level or deleted (refused while questions or lower nodes use them).
 */
export function KnowledgeEditPage() {
  const call = useApiCall();
  const { subjects, stages } = useBankChoices();
  const [chosenSubject, setSubject] = useState('');
  const [chosenStage, setStage] = useState<number | null>(null);
  const subjectCode = chosenSubject || subjects[0]?.subjectCode || '';
  const stage = chosenStage ?? stages[0]?.stage ?? null;
  const { nodes, reload } = useKnowledgeTree(subjectCode, stage);
  const [selected, setSelected] = useState<number | null>(null);
  const [task, setTask] = useState<NameTask | null>(null);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<KnowledgeNode | null>(null);

  const open = (next: NameTask) => {
    setTask(next);
    setName(next.kind === 'rename' ? next.node.name : '');
  };

  async function saveName() {
    if (!task || !stage) return;
    const r =
      task.kind === 'add'
        ? await call(
            R.pointAdd,
            {
              subjectCode,
              stage: stage as 1 | 2 | 3,
              parentId: task.parent?.id ?? null,
              name,
            },
            { successMessage: '添加成功' },
          )
        : await call(R.pointRename, { id: task.node.id, name }, { successMessage: '保存成功' });
    if (r.ok) {
      setTask(null);
      void reload();
    }
  }

  async function act(run: () => ReturnType<typeof call>) {
    const r = await run();
    if (r.ok) {
      setRemoving(null);
      void reload();
    }
  }

  const actions = (n: KnowledgeNode) => (
    <Inline>
      <Button
        size="small"
        aria-label={`添加下级：${n.name}`}
        onClick={() => open({ kind: 'add', parent: n })}
      >
        添加下级
      </Button>
      {!n.shared && (
        <>
          <Button
            size="small"
            aria-label={`重命名：${n.name}`}
            onClick={() => open({ kind: 'rename', node: n })}
          >
            重命名
          </Button>
          {n.parentId !== null && (
            <Button
              size="small"
              aria-label={`移到第一级：${n.name}`}
              onClick={() =>
                void act(() =>
                  call(R.pointMove, { id: n.id, parentId: null }, { successMessage: '移动成功' }),
                )
              }
            >
              移到第一级
            </Button>
          )}
          <Button size="small" aria-label={`删除：${n.name}`} onClick={() => setRemoving(n)}>
            删除
          </Button>
        </>
      )}
    </Inline>
  );

  return (
    <PageBox aria-labelledby="knowledge-title">
      <h1 id="knowledge-title">知识点编辑</h1>
      <Toolbar>
        <FormField label="学科">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => setSubject(e.target.value)}
          />
        </FormField>
        <FormField label="学段">
          <Select
            value={stage ?? ''}
            options={stages.map((s) => ({ value: s.stage, label: s.stageName }))}
            onChange={(e) => setStage(Number(e.target.value))}
          />
        </FormField>
        <Button
          type="primary"
          disabled={!stage}
          onClick={() => open({ kind: 'add', parent: null })}
        >
          添加一级知识点
        </Button>
      </Toolbar>
      <Note>未标“本校”的是公共知识点，只能在其下添加本校知识点；被试题使用的知识点不能删除。</Note>
      {nodes.length === 0 ? (
        <p>暂无数据</p>
      ) : (
        <KnowledgeTree nodes={nodes} selected={selected} onSelect={setSelected} actions={actions} />
      )}
      <Dialog
        open={task !== null}
        title={task?.kind === 'rename' ? '重命名知识点' : '添加知识点'}
        onClose={() => setTask(null)}
        footer={
          <Actions>
            <Button onClick={() => setTask(null)}>取消</Button>
            <Button type="primary" disabled={!name.trim()} onClick={() => void saveName()}>
              保存
            </Button>
          </Actions>
        }
      >
        {task?.kind === 'add' && <p>上级：{task.parent?.name ?? '无（第一级）'}</p>}
        <FormField label="知识点名称">
          <TextInput value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </FormField>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="删除知识点"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          void act(() => call(R.pointDelete, { id: removing.id }, { successMessage: '删除成功' }))
        }
      >
        确定删除知识点“{removing?.name}”吗？
      </ConfirmDialog>
    </PageBox>
  );
}
