import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  homeworkRoutes,
  homeworkStoreRoutes as S,
  type HomeworkBasketItem,
  type HomeworkDetail,
} from '@examkit/contracts';
import { useExamkit, useListMemory } from '@examkit/core/react';
import { FormField, Select, TextInput } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useBankChoices } from '../../resource/bank/useBankChoices';
import { AssignPanel, MinutesField } from '../components/AssignPanel';
import { readHomeworkHeader } from '../headerStore';
import { gradesOf, useHomeworkOptions } from '../useHomeworkOptions';
import { STORE_MEMORY } from './HomeworkStorePage';
import { FormSubmit } from '../../common/FormSubmit';

/**
 * /homework/school-base/basket-confirm: the homework basket's questions become a homework
 * (name, grade, subject, estimated time; keys from the bank), then 布置作业 under the 双减 rules
 * on the same page.
 */
export function BasketConfirmPage() {
  const call = useApiCall();
  const { storage } = useExamkit();
  const [params] = useSearchParams();
  const [memory] = useListMemory(STORE_MEMORY);
  const { subjects } = useBankChoices();
  const options = useHomeworkOptions();
  const subjectCode = params.get('subject') || memory.subjectCode || '';
  const subjectName = subjects.find((s) => s.subjectCode === subjectCode)?.subjectName ?? '';
  const fitting = (options ?? []).filter((o) => o.subjectName === subjectName);
  const [header] = useState(() => readHomeworkHeader(storage));
  const [items, setItems] = useState<HomeworkBasketItem[] | null>(null);
  const [name, setName] = useState('');
  const [gradeId, setGradeId] = useState<number | null>(header.gradeId);
  const [minutes, setMinutes] = useState('20');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [made, setMade] = useState<HomeworkDetail | null>(null);
  // One key per form: a retried confirm answers the homework the first one made.
  const [key] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!subjectCode) return;
    void call(S.basketList, { subjectCode }).then((r) => setItems(r.ok ? r.data.items : []));
  }, [call, subjectCode]);

  const option = fitting.find((o) => o.gradeId === gradeId) ?? null;
  const total = (items ?? []).reduce((sum, i) => sum + i.score, 0);

  async function submit() {
    setError('');
    if (!name.trim()) return setError('请填写作业名称');
    if (!option) return setError('请选择年级');
    const m = Number(minutes);
    if (!Number.isInteger(m) || m < 1 || m > 240)
      return setError('预计用时应为 1 到 240 之间的整数（分钟）');
    if (!items || items.length === 0) return setError('作业篮是空的，请先从题库选题');
    setSaving(true);
    const r = await call(
      S.basketConfirm,
      {
        name: name.trim(),
        gradeId: option.gradeId,
        subjectId: option.subjectId,
        estimatedMinutes: m,
        items: items.map((i) => ({ questionId: i.question.id, score: i.score })),
        idempotencyKey: key,
      },
      { loading: true, errorMessage: false },
    );
    if (!r.ok) {
      setSaving(false);
      return setError(r.message);
    }
    const detail = await call(homeworkRoutes.homeworkDetail, { id: r.data.id });
    setSaving(false);
    if (detail.ok) setMade(detail.data);
  }

  if (made)
    return (
      <PageBox aria-labelledby="basket-confirm-title">
        <h1 id="basket-confirm-title">布置作业 · {made.name}</h1>
        <Note role="status">
          作业已创建：{made.gradeName} {made.subjectName}，共 {made.questionCount} 题，满分{' '}
          {made.fullMarks} 分。
        </Note>
        <AssignPanel
          homework={made}
          targets={option?.targets ?? []}
          initialMinutes={Number(minutes)}
          onAssigned={setMade}
        />
        <Actions>
          <Link to={`/homework/school-base/questionItem?id=${made.id}`}>查看题目</Link>
          <Link to="/homework/school-base">返回校本作业</Link>
        </Actions>
      </PageBox>
    );

  return (
    <PageBox aria-labelledby="basket-confirm-title">
      <h1 id="basket-confirm-title">确认作业</h1>
      <Note>
        科目：{subjectName || '未选学科'}。作业篮共 {items?.length ?? 0} 题，总分 {total}{' '}
        分。客观题的答案取自题库，扫描后自动判分。
      </Note>
      {options && fitting.length === 0 && (
        <ErrorText role="alert">您没有{subjectName}的任教年级，不能用这些试题布置作业</ErrorText>
      )}
      <FormField label="作业名称" required>
        <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <Toolbar>
        <FormField label="年级" required>
          <Select
            value={option?.gradeId ?? ''}
            placeholder="请选择年级"
            options={gradesOf(fitting)}
            onChange={(e) => setGradeId(Number(e.target.value) || null)}
          />
        </FormField>
        <MinutesField value={minutes} onChange={setMinutes} />
      </Toolbar>
      <FormSubmit error={error} busy={saving} label="创建作业" onSubmit={submit}>
        <Link to={`/homework/school-base/store/basket?subject=${subjectCode}`}>返回作业篮</Link>
      </FormSubmit>
    </PageBox>
  );
}
