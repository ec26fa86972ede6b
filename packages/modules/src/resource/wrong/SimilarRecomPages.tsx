import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useExamkitStore } from '@examkit/core/react';
import { resourceWrongDownloads, resourceWrongRoutes } from '@examkit/contracts';
import { Button, Empty, LOADING_TEXT } from '@examkit/ui';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { QuestionView } from '../components/QuestionView';
import { Recommendations } from './parts';
import { percent, useWrongData } from './useWrongData';

const PER_CLASS = 3;

function useRecommendations() {
  const examId = Number(useParams().examId);
  const state = useWrongData(
    resourceWrongRoutes.similarRecommend,
    examId > 0 ? { examId, limit: PER_CLASS } : null,
  );
  return { examId, ...state };
}

/**
 * 相似题推荐 (/exam/single/report/similar_recom/list/:examId): each class's weakest questions of
 * the exam, each with bank questions sharing its knowledge points.
 */
export function SimilarRecomListPage() {
  const navigate = useNavigate();
  const { examId, data, error, loading } = useRecommendations();
  return (
    <PageBox aria-busy={loading}>
      <h1>{data ? `${data.examName} · 相似题推荐` : '相似题推荐'}</h1>
      <Toolbar>
        <span>各班得分率最低的 {PER_CLASS} 道题，推荐知识点相同、难度接近的题库试题。</span>
        <Spacer />
        <Button
          type="primary"
          disabled={!data}
          onClick={() => navigate(`/exam/single/report/similar_recom/editonline/${examId}`)}
        >
          组成练习卷
        </Button>
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {loading && !data && <p role="status">{LOADING_TEXT}</p>}
      {data?.classes.length === 0 && <Empty />}
      {data?.classes.map((c) => (
        <section key={c.classId} aria-label={c.className}>
          <h2>{c.className}</h2>
          {c.questions.map((q) => {
            const title = `${c.className} ${q.subjectName} 第${q.number}题`;
            return (
              <article key={q.questionId} aria-label={title}>
                <h3>
                  {q.subjectName} 第{q.number}题 · 班级得分率 {percent(q.classScoreRate)} · 知识点{' '}
                  {q.knowledgePoints.join('、') || '—'}
                </h3>
                <Recommendations items={q.recommendations} of={title} />
              </article>
            );
          })}
        </section>
      ))}
    </PageBox>
  );
}

/**
 * 在线编辑相似题 (/exam/single/report/similar_recom/editonline/:examId): choose among the
 * recommended questions and download them as a 错题练习 paper (Word or PDF, answers at the end),
 * or save them as a school paper (one subject a paper; holders of Resources).
 */
export function SimilarRecomEditPage() {
  const { examId, data, error, loading } = useRecommendations();
  const [off, setOff] = useState<ReadonlySet<number>>(new Set());
  const download = useDownload();
  const call = useApiCall();
  const navigate = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  const [saveKey] = useState(() => `practice-${examId}-${Date.now()}`);
  const seen = new Set<number>();
  // The exam subject each recommended question practises (a paper holds one subject).
  const subjectOf = new Map<number, string>();
  const questions = (data?.classes ?? [])
    .flatMap((c) =>
      c.questions.flatMap((q) =>
        q.recommendations.map((r) => {
          subjectOf.set(r.question.id, q.subjectName);
          return r.question;
        }),
      ),
    )
    .filter((q) => !seen.has(q.id) && seen.add(q.id));
  const chosen = questions.filter((q) => !off.has(q.id)).map((q) => q.id);
  const toggle = (id: number) =>
    setOff((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const save = (format: 'docx' | 'pdf') =>
    void download(resourceWrongDownloads.practice, `错题练习.${format}`, {
      examId,
      questionIds: chosen.slice(0, 50).join(','),
      format,
    });
  const toPaper = async () => {
    const r = await call(
      resourceWrongRoutes.practicePaper,
      {
        examId,
        questionIds: chosen.slice(0, 50),
        title: `${data?.examName ?? ''}错题练习`.slice(0, 80),
        requestKey: saveKey,
      },
      { successMessage: '已保存为校本试卷' },
    );
    if (r.ok) navigate(`/resource/paper/school-detail?id=${r.data.paperId}`);
  };
  return (
    <PageBox aria-busy={loading}>
      <h1>{data ? `${data.examName} · 错题练习` : '在线编辑相似题'}</h1>
      <Toolbar>
        <span role="status">已选 {chosen.length} 题</span>
        <Spacer />
        <Button type="primary" disabled={chosen.length === 0} onClick={() => save('docx')}>
          导出练习卷（Word）
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => save('pdf')}>
          导出练习卷（PDF）
        </Button>
        {codes.includes('Resources') && (
          <Button disabled={chosen.length === 0} onClick={() => void toPaper()}>
            保存为试卷
          </Button>
        )}
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {data && questions.length === 0 && <Empty text="题库中暂无可推荐的试题" />}
      <ol>
        {questions.map((q, i) => (
          <li key={q.id}>
            <label>
              <input type="checkbox" checked={!off.has(q.id)} onChange={() => toggle(q.id)} />{' '}
              选用第 {i + 1} 题
            </label>
            （{subjectOf.get(q.id)}）
            <QuestionView question={q} withAnswer label={`练习题 ${i + 1}`} />
          </li>
        ))}
      </ol>
    </PageBox>
  );
}
