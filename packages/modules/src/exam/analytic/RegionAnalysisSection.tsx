import { useEffect, useState, type FormEvent } from 'react';
import { jointExamRoutes, regionAnalyticRoutes, type DataOf } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { useApiCall } from '../../common/useApiCall';
import { IdCheckList } from '../components/IdCheckList';
import { Actions, CheckGroup, ErrorText, Note, Toolbar } from '../components/styled';
import { FormSubmit } from '../../common/FormSubmit';
import { RegionAnalysisReport } from './RegionAnalysisReport';
import { useAnalysisList } from './useAnalysisList';

type Analysis = DataOf<typeof regionAnalyticRoutes.regionAnalyticList>[number];
const newKey = () => globalThis.crypto.randomUUID();

/** 新建/编辑区域分析: a name and 1–10 of the region's joint exams. */
function RegionAnalysisForm(props: {
  editing: Analysis | null;
  onDone(saved: Analysis | null): void;
}) {
  const { editing, onDone } = props;
  const call = useApiCall();
  const [key] = useState(newKey);
  const [name, setName] = useState(editing?.name ?? '');
  const [examIds, setExamIds] = useState<number[]>(editing?.exams.map((e) => e.id) ?? []);
  const [options, setOptions] = useState<{ id: number; name: string }[] | null>(null);
  const [errors, setErrors] = useState<{ name?: string; exams?: string }>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void call(jointExamRoutes.jointList, {}).then((r) =>
      setOptions(r.ok ? r.data.map((j) => ({ id: j.id, name: `${j.name}（${j.examDate}）` })) : []),
    );
  }, [call]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = '请输入分析名称';
    if (examIds.length < 1 || examIds.length > 10) found.exams = '请选择 1 到 10 场联考';
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r =
      editing === null
        ? await call(
            regionAnalyticRoutes.regionAnalyticCreate,
            { idempotencyKey: key, name: name.trim(), jointExamIds: examIds },
            { successMessage: '已创建分析' },
          )
        : await call(
            regionAnalyticRoutes.regionAnalyticUpdate,
            { analysisId: editing.id, name: name.trim(), jointExamIds: examIds },
            { successMessage: '已保存' },
          );
    setSaving(false);
    if (!r.ok) return setServerError(r.message);
    onDone(r.data);
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={editing === null ? '新建区域分析' : '编辑区域分析'}
      style={{ maxWidth: 760 }}
    >
      <FormField label="分析名称" required error={errors.name}>
        <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <CheckGroup aria-describedby={errors.exams ? 'region-exams-error' : undefined}>
        <legend>联考（1 到 10 场）</legend>
        {options !== null && options.length === 0 && <Note>本区域暂无联考</Note>}
        <IdCheckList options={options ?? []} value={examIds} onChange={setExamIds} />
      </CheckGroup>
      {errors.exams && (
        <ErrorText id="region-exams-error" role="alert">
          {errors.exams}
        </ErrorText>
      )}
      <FormSubmit error={serverError} busy={saving} label={editing === null ? '创建' : '保存'}>
        <Button onClick={() => onDone(null)}>取消</Button>
      </FormSubmit>
    </form>
  );
}

/**
 * 区域分析 on the analytic centre's page, for an education bureau only: the region's own analyses
 * over its joint exams, with 新建区域分析, 查看, 编辑 and 删除 (docs/analytic-centre.md#region).
 */
export function RegionAnalysisSection() {
  const { rows, load, removing, setRemoving, remove } = useAnalysisList(
    regionAnalyticRoutes.regionAnalyticList,
    regionAnalyticRoutes.regionAnalyticRemove,
  );
  const [form, setForm] = useState<{ editing: Analysis | null } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <section aria-labelledby="region-analytic-title">
      <h2 id="region-analytic-title">区域分析</h2>
      <Note>
        把本区域的几场联考合成一个分析，查看各校在这些联考中的均分、在本区域学校中的名次和百分位的变化；数据取自各场联考已生成的报告。
      </Note>
      {form === null ? (
        <Toolbar>
          <Button type="primary" onClick={() => setForm({ editing: null })}>
            新建区域分析
          </Button>
        </Toolbar>
      ) : (
        <RegionAnalysisForm
          key={form.editing?.id ?? 'new'}
          editing={form.editing}
          onDone={(saved) => {
            setForm(null);
            if (!saved) return;
            setViewing(saved.id);
            void load();
          }}
        />
      )}
      <ListTable
        label="区域分析列表"
        rows={rows}
        empty="暂无区域分析"
        headers={['分析名称', '联考', '操作']}
      >
        {(a) => (
          <tr key={a.id}>
            <td>{a.name}</td>
            <td>{a.exams.map((e) => `${e.name}（${e.examDate}）`).join('、')}</td>
            <td>
              <Actions>
                <RowAction text="查看" of={a.name} onClick={() => setViewing(a.id)} />
                <RowAction text="编辑" of={a.name} onClick={() => setForm({ editing: a })} />
                <RowAction text="删除" of={a.name} onClick={() => setRemoving(a)} />
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {viewing !== null && <RegionAnalysisReport key={viewing} analysisId={viewing} />}
      <ConfirmDialog
        open={removing !== null}
        title="删除区域分析"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          void remove().then((removed) => {
            if (removed && viewing === removing?.id) setViewing(null);
          })
        }
      >
        删除区域分析“{removing?.name}”？其中的联考和成绩不受影响。
      </ConfirmDialog>
    </section>
  );
}
