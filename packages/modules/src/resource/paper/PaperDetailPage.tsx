import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { downloadRoutes, paperRoutes, regionCloudRoutes, type DataOf } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { Button, Empty, LOADING_TEXT } from '@examkit/ui';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useMyScope } from '../../common/useMyScope';
import { AddToBasket } from '../basket/AddToBasket';
import { QuestionView } from '../components/QuestionView';
import { GAP, Head, Item, Items, numeral } from './paperParts';
import { ToExamDialog } from './ToExamDialog';
import { useRegionPublisher } from './useRegionPublisher';

type Paper = DataOf<typeof paperRoutes.detail>;

/**
 * /resource/paper/school-detail and /resource/paper/cloudPreiew: a paper as it prints, with an
 * answers toggle, 导出PDF and 导出Word (download-centre jobs, saved when ready), and 生成考试 (school papers) or 复制到校本 (cloud papers).
 * A bureau seat of a member school also sees 发布到区域云题库 for the paper and each question.
 */
export function PaperDetailPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const codes = useExamkitStore((s) => s.permCodes);
  const scope = useMyScope();
  const [paper, setPaper] = useState<Paper | null | undefined>(undefined);
  const [answers, setAnswers] = useState(false);
  const [making, setMaking] = useState(false);
  const [requestKey] = useState(() => `copy-${id}-${Date.now()}`);
  const region = useRegionPublisher();
  const [published, setPublished] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setPaper(null);
      return;
    }
    void call(paperRoutes.detail, { id }, { dedupe: false }).then((r) =>
      setPaper(r.ok ? r.data : null),
    );
  }, [call, id]);

  if (paper === undefined) return <p>{LOADING_TEXT}</p>;
  if (paper === null)
    return (
      <PageBox>
        <Empty text="试卷不存在" />
      </PageBox>
    );

  const copy = async () => {
    const r = await call(
      paperRoutes.copy,
      { id: paper.id, requestKey },
      { successMessage: '已复制到校本试卷' },
    );
    if (r.ok) navigate(`/resource/paper/school-detail?id=${r.data.paperId}`);
  };
  const publishPaper = async () => {
    const r = await call(
      regionCloudRoutes.publishPaper,
      { id: paper.id },
      { successMessage: `已发布到${region ?? '区域'}云题库` },
    );
    if (r.ok) navigate(`/resource/paper/cloudPreiew?id=${r.data.paperId}`);
  };
  const publishQuestion = async (questionId: number) => {
    const r = await call(
      regionCloudRoutes.publishQuestion,
      { questionId },
      { successMessage: `已发布到${region ?? '区域'}云题库` },
    );
    if (r.ok) setPublished((done) => new Set([...done, questionId]));
  };
  const canPublish = region !== null && paper.bank === 'school';
  // An education bureau's seat reads the school's papers and publishes; it copies and creates nothing.
  const reader = scope?.reader === true;
  // As for creating an exam: Exam-Single and managing a grade (or the whole school).
  const canMakeExam =
    paper.bank === 'school' &&
    codes.includes('Exam-Single') &&
    scope !== null &&
    !reader &&
    (scope.schoolWide || scope.manageGradeIds.length > 0);

  return (
    <PageBox aria-labelledby="paper-title">
      <Toolbar>
        <Button aria-pressed={answers} onClick={() => setAnswers(!answers)}>
          {answers ? '隐藏答案' : '显示答案'}
        </Button>
        <Spacer />
        {(['pdf', 'docx'] as const).map((format) => (
          <DownloadJobButton
            key={format}
            label={format === 'pdf' ? '导出PDF' : '导出Word'}
            saveWhenDone
            start={() => call(downloadRoutes.downloadPaper, { paperId: paper.id, format, answers })}
          />
        ))}
        {paper.bank === 'cloud' && codes.includes('Paper-School') && !reader && (
          <Button type="primary" onClick={() => void copy()}>
            复制到校本
          </Button>
        )}
        {canPublish && (
          <Button type="primary" onClick={() => void publishPaper()}>
            发布到区域云题库
          </Button>
        )}
        {canMakeExam && (
          <Button type="primary" onClick={() => setMaking(true)}>
            生成考试
          </Button>
        )}
      </Toolbar>
      <Head>
        <h1 id="paper-title">{paper.title}</h1>
        {paper.subtitle && <p>{paper.subtitle}</p>}
        <p>
          考试时间：{paper.durationMinutes} 分钟{GAP}满分：{paper.fullMarks} 分{GAP}共{' '}
          {paper.questionCount} 题{paper.bank === 'cloud' && `${GAP}（云试卷，只读）`}
        </p>
      </Head>
      {paper.sections.map((s, si) => (
        <section key={s.id} aria-labelledby={`paper-section-${s.id}`}>
          <h2 id={`paper-section-${s.id}`}>
            {numeral(si)}、{s.title}（共 {s.questions.reduce((n, q) => n + q.score, 0)} 分）
          </h2>
          <Items>
            {s.questions.map((q) => (
              <Item key={q.question.id}>
                <strong>
                  {q.number}.（{q.score}分）
                </strong>
                <QuestionView
                  question={q.question}
                  withAnswer={answers}
                  label={`第 ${q.number} 题`}
                />
                <AddToBasket question={q.question} />
                {canPublish && q.question.bank === 'school' && (
                  <Button
                    size="small"
                    disabled={published.has(q.question.id)}
                    aria-label={`发布到区域云题库：第 ${q.number} 题`}
                    onClick={() => void publishQuestion(q.question.id)}
                  >
                    {published.has(q.question.id) ? '已发布' : '发布到区域云题库'}
                  </Button>
                )}
              </Item>
            ))}
          </Items>
        </section>
      ))}
      {making && <ToExamDialog paper={paper} onClose={() => setMaking(false)} />}
    </PageBox>
  );
}
