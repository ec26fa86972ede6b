import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_PAPER_URL,
  HOMEWORK_SHEET_URL,
  HOMEWORK_STATE_LABELS,
  homeworkRoutes,
  type HomeworkDetail,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { AssignPanel } from '../components/AssignPanel';
import { OnlineHandOutPanel } from '../components/OnlineHandOutPanel';
import { QuestionEditor, draftOf, inputOf, type QuestionDraft } from '../components/QuestionEditor';
import { paperPath } from '../paper/paperPath';
import { useHomeworkOptions } from '../useHomeworkOptions';
import { AssignmentsTable } from '../components/AssignmentsTable';

/** Questions an AI proposal left for this page (ai-split-confirm → split-confirm), by homework. */
export const PROPOSAL_KEY = 'examkit-homework-proposal';

function proposalFor(id: number): QuestionDraft[] | null {
  try {
    const raw = sessionStorage.getItem(PROPOSAL_KEY);
    const saved = raw ? (JSON.parse(raw) as { id: number; questions: QuestionDraft[] }) : null;
    return saved?.id === id ? saved.questions : null;
  } catch {
    return null;
  }
}

/**
 * /homework/school-base/split-confirm?id=: the paper's question list (拆题), entered or
 * confirmed by the teacher, then 布置作业 to classes and teaching classes.
 */
export function SplitConfirmPage({ homeworkId }: { homeworkId?: number } = {}) {
  const [search] = useSearchParams();
  // /paper/split/:id/:schoolId passes the homework; split-confirm reads it from ?id=.
  const id = homeworkId ?? (Number(search.get('id')) || 0);
  const schoolId = useExamkitStore((s) => s.user?.schoolId ?? 0);
  const call = useApiCall();
  const download = useDownload();
  const options = useHomeworkOptions();
  const [homework, setHomework] = useState<HomeworkDetail | null>(null);
  const [drafts, setDrafts] = useState<QuestionDraft[]>([]);
  const [fromAi, setFromAi] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    void call(homeworkRoutes.homeworkDetail, { id }).then((r) => {
      if (!r.ok) return;
      setHomework(r.data);
      const proposal = r.data.state === 'assigned' ? null : proposalFor(id);
      setFromAi(proposal !== null);
      setDrafts(proposal ?? r.data.questions.map(draftOf));
    });
  }, [call, id]);

  if (!id) return <PageBox aria-label="拆题确认">缺少作业编号，请从校本作业列表进入。</PageBox>;
  if (!homework) return null;
  const assigned = homework.state === 'assigned';
  // Homework from the bank has no paper to split: its questions come from the homework basket.
  const fromBank = homework.paperKind === 'bank';
  const frozen = assigned || fromBank;
  const targets =
    options?.find((o) => o.gradeId === homework.gradeId && o.subjectId === homework.subjectId)
      ?.targets ?? [];

  async function save() {
    setError('');
    setSaved('');
    if (drafts.length === 0) return setError('请至少录入一道题目');
    setSaving(true);
    const r = await call(
      homeworkRoutes.splitConfirm,
      { id, questions: drafts.map(inputOf) },
      { loading: true, errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    sessionStorage.removeItem(PROPOSAL_KEY);
    setFromAi(false);
    setHomework(r.data);
    setDrafts(r.data.questions.map(draftOf));
    setSaved(`题目已保存：共 ${r.data.questionCount} 题，满分 ${r.data.fullMarks} 分`);
  }

  return (
    <PageBox aria-labelledby="split-title">
      <h1 id="split-title">拆题确认 · {homework.name}</h1>
      <Note>
        {homework.gradeName} {homework.subjectName} · {HOMEWORK_STATE_LABELS[homework.state]} ·{' '}
        {fromBank ? (
          <Link to={`/homework/school-base/questionItem?id=${id}`}>题目来自题库，查看题目</Link>
        ) : homework.paperKind === 'workbook' ? (
          <Link to={`/homework/teaching-assistant/chapter?id=${id}`}>
            教辅章节，没有原卷，查看章节
          </Link>
        ) : (
          <>
            试卷：{homework.paperName}{' '}
            <Button
              size="small"
              onClick={() => void download(HOMEWORK_PAPER_URL, homework.paperName, { id })}
            >
              查看试卷
            </Button>{' '}
            <Link to={paperPath('record', id, schoolId)}>试卷记录</Link>
          </>
        )}
      </Note>
      <section aria-labelledby="questions-title">
        <h2 id="questions-title">题目</h2>
        {fromBank ? (
          <Note>题目、答案与知识点取自题库，顺序和分值在作业篮中确定。</Note>
        ) : assigned ? (
          <Note>作业已布置，题目不能再修改；知识点仍可标注，作业报告的知识点统计随之更新。</Note>
        ) : (
          <Note>
            对照试卷录入每道题：客观题填写答案（扫描后自动判分），主观题由老师批改；保存后可为每道题标注知识点。也可以
            <Link to={`/homework/school-base/ai-split-confirm?id=${id}`}>使用 AI 拆题</Link>。
          </Note>
        )}
        {fromAi && <Note role="status">以下为 AI 拆题结果，请核对后保存。</Note>}
        <QuestionEditor
          questions={drafts}
          readOnly={frozen}
          onChange={setDrafts}
          points={{
            homeworkId: id,
            saved: homework.questions,
            editable: !fromBank,
            onSaved: (no, points) =>
              setHomework({
                ...homework,
                questions: homework.questions.map((q) => (q.no === no ? { ...q, points } : q)),
              }),
          }}
        />
        <Actions>
          {!frozen && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存题目
            </Button>
          )}
          {homework.state !== 'draft' && (
            <Button
              onClick={() =>
                void download(HOMEWORK_SHEET_URL, `${homework.name}-答题卡.pdf`, { id })
              }
            >
              打印答题卡
            </Button>
          )}
        </Actions>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        {saved && <Note role="status">{saved}</Note>}
      </section>
      {homework.assignments.length > 0 && (
        <section aria-labelledby="assigned-title">
          <h2 id="assigned-title">已布置</h2>
          <AssignmentsTable rows={homework.assignments} withMinutes />
        </section>
      )}
      {homework.state !== 'draft' && (
        <AssignPanel homework={homework} targets={targets} onAssigned={setHomework} />
      )}
      {homework.state !== 'draft' && <OnlineHandOutPanel homeworkId={homework.id} />}
      <Actions>
        <Link to="/homework/school-base">返回校本作业</Link>
      </Actions>
    </PageBox>
  );
}
