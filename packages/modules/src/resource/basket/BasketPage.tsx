import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { basketRoutes, type DataOf } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, Empty, LOADING_TEXT, themeOf } from '@examkit/ui';
import { announceBasketChanged } from '../../common/basketEvents';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { QuestionView } from '../components/QuestionView';

type Basket = DataOf<typeof basketRoutes.list>;

const Group = styled.section`
  margin-bottom: 20px;
  h2 {
    font-size: 16px;
    margin: 0 0 8px;
  }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 12px;
  padding: 12px 16px;
  margin-bottom: 8px;
  list-style: none;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/** The basket's query: `subject` and `gradeNum` as the floating basket passes them. */
export function basketQuery(subject: string, gradeNum: string): string {
  return new URLSearchParams({ gradeNum, subject }).toString();
}

/**
 * /resource/basket: the questions of a subject's basket grouped by type; each can be swapped
 * for a similar question (换一题) or removed; the basket can be emptied; 去组卷 goes on to the
 * paper's header, sections, order and scores.
 */
export function BasketPage() {
  const call = useApiCall();
  const { store } = useExamkit();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const subject = params.get('subject') ?? store.getState().subjectInfo.subjectCode;
  const gradeNum = params.get('gradeNum') ?? String(store.getState().subjectInfo.gradeNum);
  const [basket, setBasket] = useState<Basket | null>(null);
  const [clearing, setClearing] = useState(false);

  const load = useCallback(async () => {
    if (!subject) {
      setBasket({ total: 0, groups: [] });
      return;
    }
    const r = await call(basketRoutes.list, { subjectCode: subject }, { dedupe: false });
    if (r.ok) setBasket(r.data);
  }, [call, subject]);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    announceBasketChanged();
    await load();
  };
  const remove = async (questionId: number) => {
    const r = await call(basketRoutes.remove, { questionId }, { successMessage: '已移出试题篮' });
    if (r.ok) await changed();
  };
  const replace = async (questionId: number) => {
    const r = await call(
      basketRoutes.replace,
      { questionId },
      { successMessage: '已换成一道同类试题' },
    );
    if (r.ok) await changed();
  };
  const clear = async () => {
    const r = await call(
      basketRoutes.clear,
      { subjectCode: subject },
      { successMessage: '试题篮已清空' },
    );
    setClearing(false);
    if (r.ok) await changed();
  };

  return (
    <PageBox aria-labelledby="basket-title">
      <h1 id="basket-title">试题篮</h1>
      <Toolbar>
        <span>共 {basket?.total ?? 0} 道试题</span>
        <Spacer />
        <Button disabled={!basket?.total} onClick={() => setClearing(true)}>
          清空试题篮
        </Button>
        <Button
          type="primary"
          disabled={!basket?.total}
          onClick={() => navigate(`/resource/basket-confirm?${basketQuery(subject, gradeNum)}`)}
        >
          去组卷
        </Button>
      </Toolbar>
      {!basket ? (
        <p>{LOADING_TEXT}</p>
      ) : basket.total === 0 ? (
        <Empty text="试题篮是空的，请先选择试题" />
      ) : (
        basket.groups.map((g) => (
          <Group key={g.type} aria-labelledby={`basket-${g.type}`}>
            <h2 id={`basket-${g.type}`}>
              {g.typeName}（{g.questions.length} 道）
            </h2>
            <Items>
              {g.questions.map((q, i) => (
                <Item key={q.id}>
                  <QuestionView question={q} label={`${g.typeName}第 ${i + 1} 题`} />
                  <Side>
                    <Button
                      size="small"
                      onClick={() => void replace(q.id)}
                      aria-label={`换一题：${g.typeName}第 ${i + 1} 题`}
                    >
                      换一题
                    </Button>
                    <Button
                      size="small"
                      onClick={() => void remove(q.id)}
                      aria-label={`移出：${g.typeName}第 ${i + 1} 题`}
                    >
                      移出
                    </Button>
                  </Side>
                </Item>
              ))}
            </Items>
          </Group>
        ))
      )}
      <ConfirmDialog
        open={clearing}
        title="清空试题篮"
        confirmLabel="确定清空"
        onCancel={() => setClearing(false)}
        onConfirm={() => void clear()}
      >
        确定清空试题篮中的 {basket?.total ?? 0} 道试题吗？
      </ConfirmDialog>
    </PageBox>
  );
}
