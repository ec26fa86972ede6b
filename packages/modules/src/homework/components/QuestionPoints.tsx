import { useState } from 'react';
import {
  HOMEWORK_QUESTION_POINT_LIMIT,
  homeworkQuestionPointRoutes as P,
  type HomeworkQuestionPoint,
  type KnowledgeNode,
} from '@examkit/contracts';
import { Button, Dialog } from '@examkit/ui';
import { PointPicker } from '../../common/PointPicker';
import { RowAction } from '../../common/RowAction';
import { Actions, ErrorText } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';

export interface QuestionPointsProps {
  homeworkId: number;
  /** The question's `no`. */
  questionNo: number;
  /** How the question is named: 第 3 题. */
  name: string;
  points: readonly HomeworkQuestionPoint[];
  /** Whether the caller may change them (a paper's question; not one from the bank). */
  editable: boolean;
  onSaved(points: HomeworkQuestionPoint[]): void;
}

/**
 * A homework question's knowledge points as text and, when editable, 标注知识点: a dialog with
 * the school's tree of the homework's subject and stage (the bank's), saved at once through
 * question/point/save. Used by split-confirm's question list and /homework/question/edit.
 */
export function QuestionPoints({
  homeworkId,
  questionNo,
  name,
  points,
  editable,
  onSaved,
}: QuestionPointsProps) {
  const call = useApiCall();
  const [tree, setTree] = useState<KnowledgeNode[] | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function start() {
    setError('');
    setChosen(points.map((p) => p.id));
    setOpen(true);
    if (tree) return;
    const r = await call(P.questionPointTree, { homeworkId }, { errorMessage: false });
    if (r.ok) setTree(r.data);
    else setError(r.message);
  }

  async function save() {
    if (chosen.length > HOMEWORK_QUESTION_POINT_LIMIT)
      return setError(`每道题最多标注 ${HOMEWORK_QUESTION_POINT_LIMIT} 个知识点`);
    setSaving(true);
    const r = await call(
      P.questionPointSave,
      { homeworkId, questionNo, pointIds: chosen },
      { errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    setOpen(false);
    onSaved(r.data);
  }

  const text = points.map((p) => p.name).join('、');
  return (
    <>
      <span>{text || '未标注'}</span>
      {editable && (
        <>
          {' '}
          <RowAction text="标注知识点" of={name} onClick={() => void start()} />
        </>
      )}
      <Dialog
        open={open}
        title={`${name}的知识点`}
        onClose={() => setOpen(false)}
        footer={
          <Actions>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存知识点
            </Button>
          </Actions>
        }
      >
        {tree ? (
          <PointPicker
            nodes={tree}
            value={chosen}
            onChange={setChosen}
            legend={`选择${name}考查的知识点（可多选）`}
          />
        ) : (
          !error && <p>正在加载知识点…</p>
        )}
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </Dialog>
    </>
  );
}
