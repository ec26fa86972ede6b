import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { homeworkStoreRoutes as S, type HomeworkBasketItem } from '@examkit/contracts';
import { useListMemory } from '@examkit/core/react';
import { Button, Empty, FormField, LOADING_TEXT, Select, TextInput, themeOf } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { QuestionView } from '../../resource/components/QuestionView';
import { useBankChoices } from '../../resource/bank/useBankChoices';
import { STORE_MEMORY } from './HomeworkStorePage';

const Items = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
`;
const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 200px;
  gap: 12px;
  padding: 12px 16px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;
const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

interface Row {
  item: HomeworkBasketItem;
  score: string;
}

/** A score as typed: over 0, at most 200, in half points; else null. */
export const scoreOf = (text: string): number | null => {
  const n = Number(text);
  return text.trim() !== '' && n > 0 && n <= 200 && Number.isInteger(n * 2) ? n : null;
};

/**
 * /homework/school-base/store/basket (作业篮): the chosen questions of a subject in order, each
 * with its score; move up and down, take out, then 去布置 (basket-confirm) after saving.
 */
export function HomeworkBasketPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [memory, remember] = useListMemory(STORE_MEMORY);
  const { subjects } = useBankChoices();
  const subjectCode = params.get('subject') || memory.subjectCode || subjects[0]?.subjectCode || '';
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!subjectCode) return;
    const r = await call(S.basketList, { subjectCode }, { dedupe: false });
    setRows(r.ok ? r.data.items.map((item) => ({ item, score: String(item.score) })) : []);
  }, [call, subjectCode]);
  useEffect(() => void load(), [load]);

  const move = (i: number, by: number) =>
    setRows((old) => {
      if (!old || i + by < 0 || i + by >= old.length) return old;
      const next = [...old];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });

  async function takeOut(row: Row) {
    const r = await call(S.basketRemove, { questionId: row.item.question.id });
    if (r.ok) setRows((old) => old?.filter((x) => x !== row) ?? null);
  }

  /** Saves order and scores; true when saved. */
  async function save(): Promise<boolean> {
    setError('');
    if (!rows || rows.length === 0) return false;
    const bad = rows.findIndex((r) => scoreOf(r.score) === null);
    if (bad >= 0) {
      setError(`第 ${bad + 1} 题的分值应大于 0、不超过 200，最小单位 0.5 分`);
      return false;
    }
    setBusy(true);
    const r = await call(
      S.basketSave,
      {
        subjectCode,
        items: rows.map((x) => ({ questionId: x.item.question.id, score: scoreOf(x.score)! })),
      },
      { successMessage: '作业篮已保存' },
    );
    setBusy(false);
    if (r.ok) setRows(r.data.items.map((item) => ({ item, score: String(item.score) })));
    return r.ok;
  }

  const total = (rows ?? []).reduce((sum, r) => sum + (scoreOf(r.score) ?? 0), 0);
  return (
    <PageBox aria-labelledby="hw-basket-title">
      <h1 id="hw-basket-title">作业篮</h1>
      <Toolbar>
        <FormField label="学科">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => {
              remember({ subjectCode: e.target.value, currentPage: 1 });
              navigate(`/homework/school-base/store/basket?subject=${e.target.value}`);
            }}
          />
        </FormField>
        <Note role="status">
          共 {rows?.length ?? 0} 题，总分 {total} 分
        </Note>
        <Spacer />
        <Link to="/homework/school-base/store">继续选题</Link>
      </Toolbar>
      {rows === null ? (
        <p>{LOADING_TEXT}</p>
      ) : rows.length === 0 ? (
        <Empty text="作业篮是空的，请先从题库选题" />
      ) : (
        <Items aria-label="作业篮试题">
          {rows.map((row, i) => (
            <Item key={row.item.question.id}>
              <QuestionView question={row.item.question} label={`第 ${i + 1} 题`} />
              <Side>
                <FormField label={`第 ${i + 1} 题分值`}>
                  <TextInput
                    inputMode="decimal"
                    value={row.score}
                    onChange={(e) =>
                      setRows(
                        (old) =>
                          old?.map((x) => (x === row ? { ...x, score: e.target.value } : x)) ??
                          null,
                      )
                    }
                  />
                </FormField>
                <Button size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                  上移
                </Button>
                <Button size="small" disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                  下移
                </Button>
                <Button size="small" onClick={() => void takeOut(row)}>
                  移出作业篮
                </Button>
              </Side>
            </Item>
          ))}
        </Items>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {rows && rows.length > 0 && (
        <Actions>
          <Button loading={busy} onClick={() => void save()}>
            保存顺序和分值
          </Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() =>
              void save().then(
                (ok) =>
                  ok && navigate(`/homework/school-base/basket-confirm?subject=${subjectCode}`),
              )
            }
          >
            去布置作业
          </Button>
        </Actions>
      )}
    </PageBox>
  );
}
