import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_QUESTION_TYPE_LABELS,
  HOMEWORK_QUESTION_TYPES,
  homeworkPaperRoutes as P,
  homeworkRoutes,
  type HomeworkDetail,
  type QuestionEditImpact,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { Actions, ErrorText, Note, PageBox } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { draftOf, inputOf, type QuestionDraft } from '../components/QuestionEditor';
import { QuestionPoints } from '../components/QuestionPoints';
import { paperPath } from './paperPath';

const TYPE_OPTIONS = HOMEWORK_QUESTION_TYPES.map((t) => ({
  value: t,
  label: HOMEWORK_QUESTION_TYPE_LABELS[t],
}));

/**
 * /homework/question/edit?id=&no= (编辑试题): one question of a homework made from an uploaded
 * paper — 题号, 题型, 答案, 满分 — saved alone through question/edit, which checks it against the
 * rest of the list. Reached by 编辑 on 试卷记录 and on 作业题目, and by 编辑题目 on a 教辅 chapter
 * (whose questions were typed in); once assigned only the key, full marks and 题号, re-scored.
 */
export function QuestionEditPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const no = Number(search.get('no')) || 0;
  const schoolId = useExamkitStore((s) => s.user?.schoolId ?? 0);
  const call = useApiCall();
  const [homework, setHomework] = useState<HomeworkDetail | null>(null);
  const [draft, setDraft] = useState<QuestionDraft | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);
  /** An assigned homework's edit waiting for 确定: what it re-scores. */
  const [impact, setImpact] = useState<QuestionEditImpact | null>(null);

  useEffect(() => {
    if (!id || !no) return;
    void call(homeworkRoutes.homeworkDetail, { id }, { errorMessage: false }).then((r) => {
      if (!r.ok) return setError(r.message);
      setHomework(r.data);
      const q = r.data.questions.find((x) => x.no === no);
      if (q) setDraft(draftOf(q));
      else setError('题目不存在');
    });
  }, [call, id, no]);

  if (!id || !no)
    return <PageBox aria-label="编辑试题">缺少作业或题目编号，请从试卷记录进入。</PageBox>;
  const back =
    homework?.paperKind === 'workbook' ? (
      <Actions>
        <Link to={`/homework/teaching-assistant/chapter?id=${id}`}>返回章节</Link>
      </Actions>
    ) : (
      <Actions>
        <Link to={paperPath('record', id, schoolId)}>返回试卷记录</Link>
        <Link to={`/homework/school-base/questionItem?id=${id}`}>作业题目</Link>
      </Actions>
    );
  if (!homework || !draft)
    return (
      <PageBox aria-label="编辑试题">
        {error && <ErrorText role="alert">{error}</ErrorText>}
        {error && back}
      </PageBox>
    );
  const assigned = homework.state === 'assigned';
  const frozen = homework.paperKind === 'bank';
  const current = homework.questions.find((x) => x.no === no);
  const set = (patch: Partial<QuestionDraft>) => setDraft({ ...draft, ...patch });

  /** 保存试题: an assigned homework first asks what it re-scores and waits for 确定. */
  async function save() {
    if (!draft) return;
    setError('');
    setSaved('');
    const fullMarks = Number(draft.fullMarks);
    if (!(fullMarks > 0)) return setError('满分应大于 0');
    if (!assigned) return commit(null);
    setSaving(true);
    const c = await call(
      P.questionEditCheck,
      { id, no, ...inputOf(draft) },
      { loading: true, errorMessage: false },
    );
    setSaving(false);
    if (!c.ok) return setError(c.message);
    setImpact(c.data);
  }

  async function commit(done: QuestionEditImpact | null) {
    if (!draft) return;
    setImpact(null);
    setSaving(true);
    const r = await call(
      P.questionEdit,
      { id, no, ...inputOf(draft) },
      { loading: true, errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    setHomework(r.data);
    const q = r.data.questions.find((x) => x.no === no);
    if (q) setDraft(draftOf(q));
    setSaved(
      `已保存：作业共 ${r.data.questionCount} 题，满分 ${r.data.fullMarks} 分` +
        (done
          ? `；重新计分 ${done.changed} 份作业${done.clamped > 0 ? `，其中 ${done.clamped} 份的得分超过新满分，已改为满分` : ''}`
          : ''),
    );
  }

  return (
    <PageBox aria-labelledby="question-edit-title">
      <h1 id="question-edit-title">
        编辑试题 · {homework.name} 第 {no} 题
      </h1>
      {homework.paperKind === 'bank' ? (
        <Note>这份作业由题库组成，题目与答案取自题库，分值在作业篮中调整。</Note>
      ) : (
        assigned && (
          <Note>
            作业已布置：可以更正答案、满分和题号，保存时所有已交作业的本题重新计分；题型和答题卡上的选项个数不能再改。
          </Note>
        )
      )}
      <FormField label="题号" required>
        <TextInput
          value={draft.label}
          maxLength={16}
          disabled={frozen}
          onChange={(e) => set({ label: e.target.value })}
        />
      </FormField>
      <FormField label="题型" required>
        <Select
          value={draft.type}
          options={TYPE_OPTIONS}
          disabled={frozen || assigned}
          onChange={(e) => set({ type: e.target.value as QuestionDraft['type'], answer: '' })}
        />
      </FormField>
      {draft.type === 'objective' ? (
        <FormField
          label="答案"
          required
          hint="字母 A 至 H（多选写几个字母，如 B 和 D），或“对”“错”"
        >
          <TextInput
            value={draft.answer}
            maxLength={16}
            disabled={frozen}
            onChange={(e) => set({ answer: e.target.value })}
          />
        </FormField>
      ) : (
        <Note>主观题不填答案，由老师批改。</Note>
      )}
      <FormField label="满分" required>
        <TextInput
          type="number"
          min={0.5}
          max={200}
          step={0.5}
          value={draft.fullMarks}
          disabled={frozen}
          onChange={(e) => set({ fullMarks: e.target.value })}
        />
      </FormField>
      {!frozen && (
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存试题
        </Button>
      )}
      {current && (
        <section aria-labelledby="question-points-title">
          <h2 id="question-points-title">知识点</h2>
          <Note>
            {frozen
              ? '知识点取自题库试题。'
              : '知识点单独保存，作业报告的知识点统计、学情和错题本随之更新；已布置的作业也可标注。'}
          </Note>
          <QuestionPoints
            homeworkId={id}
            questionNo={no}
            name={`第 ${no} 题`}
            points={current.points}
            editable={!frozen}
            onSaved={(points) =>
              setHomework({
                ...homework,
                questions: homework.questions.map((q) => (q.no === no ? { ...q, points } : q)),
              })
            }
          />
        </section>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {saved && <Note role="status">{saved}</Note>}
      {back}
      <ConfirmDialog
        open={impact !== null}
        title="重新计分"
        confirmLabel="确定保存并重新计分"
        onCancel={() => setImpact(null)}
        onConfirm={() => void commit(impact)}
      >
        {impact &&
          (impact.changed === 0
            ? `已交 ${impact.handIns} 份作业有本题作答，保存后得分都不变。确定保存吗？`
            : `已交 ${impact.handIns} 份作业有本题作答，保存后 ${impact.changed} 份的得分或对错会改变` +
              (impact.clamped > 0
                ? `（其中 ${impact.clamped} 份老师给的分超过新满分，将改为满分）`
                : '') +
              '。确定保存吗？')}
      </ConfirmDialog>
    </PageBox>
  );
}
