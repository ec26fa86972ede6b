import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { assistantRoutes, basketRoutes, type DataOf } from '@examkit/contracts';
import { Button, Empty, LOADING_TEXT } from '@examkit/ui';
import { announceBasketChanged } from '../../common/basketEvents';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { QuestionView } from '../components/QuestionView';
import { GAP, Head, Item, Items, numeral } from '../paper/paperParts';

type Plan = DataOf<typeof assistantRoutes.detail>;

/**
 * /resource/generate/assistants/detail?id= (组卷助手 plan): the picked questions by type, what the
 * bank could not supply, 换一题 on each question, 加入试题篮 and 保存为试卷.
 */
export function AssistantDetailPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [plan, setPlan] = useState<Plan | null | undefined>(undefined);
  const [answers, setAnswers] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveKey] = useState(() => `assistant-save-${id}-${Date.now()}`);

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setPlan(null);
      return;
    }
    void call(assistantRoutes.detail, { planId: id }, { dedupe: false }).then((r) =>
      setPlan(r.ok ? r.data : null),
    );
  }, [call, id]);

  if (plan === undefined) return <p>{LOADING_TEXT}</p>;
  if (plan === null)
    return (
      <PageBox>
        <Empty text="组卷方案不存在" />
      </PageBox>
    );

  const swap = async (questionId: number, label: string) => {
    setBusy(true);
    const r = await call(
      assistantRoutes.swap,
      { planId: plan.id, questionId },
      { successMessage: `${label}已换一题` },
    );
    setBusy(false);
    if (r.ok) setPlan(r.data);
  };
  const save = async () => {
    setBusy(true);
    const r = await call(
      assistantRoutes.save,
      { planId: plan.id, durationMinutes: 90, requestKey: saveKey },
      { successMessage: '已保存为校本试卷' },
    );
    setBusy(false);
    if (r.ok) navigate(`/resource/paper/school-detail?id=${r.data.paperId}`);
  };
  const toBasket = async () => {
    const ids = plan.sections.flatMap((s) => s.questions.map((q) => q.id));
    const r = await call(
      basketRoutes.batchAdd,
      { questionIds: ids },
      { successMessage: `已加入试题篮（${ids.length} 题）` },
    );
    if (r.ok) announceBasketChanged();
  };
  const short = plan.sections.filter((s) => s.questions.length < s.wanted);
  let number = 0;

  return (
    <PageBox aria-labelledby="plan-title">
      <Toolbar>
        <Link to="/resource/generate/assistants">返回组卷助手</Link>
        <Button aria-pressed={answers} onClick={() => setAnswers(!answers)}>
          {answers ? '隐藏答案' : '显示答案'}
        </Button>
        <Spacer />
        <Button disabled={busy} onClick={() => void toBasket()}>
          加入试题篮
        </Button>
        {plan.paperId ? (
          <Link to={`/resource/paper/school-detail?id=${plan.paperId}`}>查看已保存的试卷</Link>
        ) : (
          <Button type="primary" disabled={busy} onClick={() => void save()}>
            保存为试卷
          </Button>
        )}
      </Toolbar>
      <Head>
        <h1 id="plan-title">{plan.title}</h1>
        <p>
          满分：{plan.fullMarks} 分{GAP}共 {plan.questionCount} 题
          {plan.paperId ? `${GAP}（已保存为试卷）` : ''}
        </p>
      </Head>
      {short.length > 0 && (
        <p role="status">
          题库中符合条件的试题不足：
          {short
            .map((s) => `${s.title}要 ${s.wanted} 道，只找到 ${s.questions.length} 道`)
            .join('；')}
          。可减少知识点或换个年级再生成。
        </p>
      )}
      {plan.sections.map((s, si) => (
        <section key={s.type} aria-labelledby={`plan-section-${s.type}`}>
          <h2 id={`plan-section-${s.type}`}>
            {numeral(si)}、{s.title}（每题 {s.score} 分，共 {s.score * s.questions.length} 分）
          </h2>
          <Items>
            {s.questions.map((q) => {
              number += 1;
              const label = `第 ${number} 题`;
              return (
                <Item key={q.id}>
                  <strong>{number}.</strong>
                  <QuestionView question={q} withAnswer={answers} label={label} />
                  {!plan.paperId && (
                    <Button
                      disabled={busy}
                      aria-label={`${label}换一题`}
                      onClick={() => void swap(q.id, label)}
                    >
                      换一题
                    </Button>
                  )}
                </Item>
              );
            })}
          </Items>
        </section>
      ))}
    </PageBox>
  );
}
