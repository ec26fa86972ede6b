import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { analyticRoutes, examRoutes, jointExamRoutes } from '@examkit/contracts';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { IdCheckList } from '../components/IdCheckList';
import { CheckGroup, ErrorText, Note, PageBox } from '../components/styled';
import { FormSubmit } from '../../common/FormSubmit';
import { KIND_LABELS, reportPath } from './analyticLabels';

type Kind = 'single' | 'multiple';
interface Option {
  id: number;
  name: string;
}
const newKey = () => globalThis.crypto.randomUUID();
const JOINT_KEYS = ['Exam-Multiple', 'Exam-Multiple-Report-Grade', 'Exam-Multiple-Report-Class'];

/**
 * /exam/analyticCenter/create and edit/{id} (创建/编辑分析): a name and 2–10 exams, single-school
 * exams whose marking is finished or joint exams the school takes part in.
 */
export function AnalyticFormPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { notifier } = useExamkit();
  const codes = useExamkitStore((s) => s.permCodes);
  const editing = useParams().id;
  const id = editing === undefined ? null : Number(editing);
  const jointAllowed = JOINT_KEYS.some((k) => hasPermission(codes, k));
  const [key] = useState(newKey);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('single');
  const [examIds, setExamIds] = useState<number[]>([]);
  const [options, setOptions] = useState<Option[] | null>(null);
  const [errors, setErrors] = useState<{ name?: string; exams?: string }>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === null) return;
    void call(analyticRoutes.analyticDetail, { analysisId: id }).then((r) => {
      if (!r.ok) return setServerError(r.message);
      setName(r.data.name);
      setKind(r.data.kind);
      setExamIds(r.data.exams.map((e) => e.id));
    });
  }, [call, id]);

  useEffect(() => {
    setOptions(null);
    const label = (n: string, date: string, extra: string) => `${n}（${extra}${date}）`;
    if (kind === 'single')
      void call(examRoutes.list, { pageSize: 100, academicYear: 0 }).then((r) =>
        setOptions(
          r.ok
            ? r.data.list
                .filter((e) => e.state === 'finished' || e.state === 'published')
                .map((e) => ({ id: e.id, name: label(e.name, e.examDate, `${e.gradeName}，`) }))
            : [],
        ),
      );
    else
      void call(jointExamRoutes.jointList, {}).then((r) =>
        setOptions(
          r.ok ? r.data.map((j) => ({ id: j.id, name: label(j.name, j.examDate, '') })) : [],
        ),
      );
  }, [call, kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = '请输入分析名称';
    if (examIds.length < 2 || examIds.length > 10) found.exams = '请选择 2 到 10 场考试';
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r =
      id === null
        ? await call(analyticRoutes.analyticCreate, {
            idempotencyKey: key,
            name: name.trim(),
            kind,
            examIds,
          })
        : await call(analyticRoutes.analyticUpdate, { analysisId: id, name: name.trim(), examIds });
    setSaving(false);
    if (!r.ok) return setServerError(r.message);
    notifier.message('success', id === null ? '已创建分析' : '已保存');
    navigate(reportPath(r.data.kind, 'grade', r.data.id));
  }

  const title = id === null ? '新建分析' : '编辑分析';
  return (
    <PageBox aria-labelledby="analytic-form-title">
      <h1 id="analytic-form-title">{title}</h1>
      <Note>只能选择已完成阅卷的考试；报告中的分数、名次和百分位都取自各场考试已生成的报告。</Note>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="分析信息"
        style={{ maxWidth: 760 }}
      >
        <FormField label="分析名称" required error={errors.name}>
          <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="考试类型">
          <Select
            value={kind}
            disabled={id !== null}
            options={(['single', 'multiple'] as const)
              .filter((k) => k === 'single' || jointAllowed)
              .map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            onChange={(e) => {
              setKind(e.target.value === 'multiple' ? 'multiple' : 'single');
              setExamIds([]);
            }}
          />
        </FormField>
        <CheckGroup aria-describedby={errors.exams ? 'analytic-exams-error' : undefined}>
          <legend>考试（2 到 10 场）</legend>
          {options !== null && options.length === 0 && <Note>暂无可分析的考试</Note>}
          <IdCheckList options={options ?? []} value={examIds} onChange={setExamIds} />
        </CheckGroup>
        {errors.exams && (
          <ErrorText id="analytic-exams-error" role="alert">
            {errors.exams}
          </ErrorText>
        )}
        <FormSubmit error={serverError} busy={saving} label={id === null ? '创建' : '保存'}>
          <Button onClick={() => navigate('/exam/analyticCenter')}>返回列表</Button>
        </FormSubmit>
      </form>
    </PageBox>
  );
}
