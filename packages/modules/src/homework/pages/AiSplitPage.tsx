import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { homeworkRoutes } from '@examkit/contracts';
import { FormField } from '@examkit/ui';
import { Note, PageBox } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { draftOf } from '../components/QuestionEditor';
import { PROPOSAL_KEY } from './SplitConfirmPage';
import { FormSubmit } from '../../common/FormSubmit';

/**
 * /homework/school-base/ai-split-confirm?id=: the school's AI model proposes the question list
 * from the paper's text; the teacher checks it on split-confirm before it is saved. Without a
 * configured model the server says so and the teacher enters the questions by hand.
 */
export function AiSplitPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function propose() {
    setError('');
    if (!text.trim()) return setError('请粘贴试卷文字');
    setBusy(true);
    const r = await call(
      homeworkRoutes.aiSplit,
      { id, text: text.trim() },
      { loading: true, errorMessage: false },
    );
    setBusy(false);
    if (!r.ok) return setError(r.message);
    sessionStorage.setItem(
      PROPOSAL_KEY,
      JSON.stringify({ id, questions: r.data.questions.map(draftOf) }),
    );
    void navigate(`/homework/school-base/split-confirm?id=${id}`);
  }

  return (
    <PageBox aria-labelledby="ai-split-title">
      <h1 id="ai-split-title">AI 拆题</h1>
      <Note>
        粘贴试卷的文字内容，AI
        模型给出题号、题型、答案与分值的建议；建议不会直接保存，请在拆题确认页核对后保存。
      </Note>
      <FormField label="试卷文字" id="ai-split-text" required>
        <textarea
          id="ai-split-text"
          rows={12}
          style={{ width: '100%' }}
          maxLength={20000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <FormSubmit error={error} busy={busy} label="AI 拆题" onSubmit={propose}>
        <Link to={`/homework/school-base/split-confirm?id=${id}`}>手动录入题目</Link>
      </FormSubmit>
    </PageBox>
  );
}
