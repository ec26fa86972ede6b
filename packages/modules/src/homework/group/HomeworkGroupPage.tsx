import { useCallback, useEffect, useState } from 'react';
import {
  HOMEWORK_STATE_LABELS,
  homeworkGroupRoutes as G,
  homeworkRoutes,
  type HomeworkGroup,
  type HomeworkGroupReport,
  type HomeworkSummary,
} from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { Actions, CheckGroup, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime, useHomeworkOptions } from '../useHomeworkOptions';
import { FormSubmit } from '../../common/FormSubmit';
import { NameGradeSubjectCells, StudentCells } from '../components/rowCells';

interface Draft {
  id: number | null;
  name: string;
  /** `gradeId:subjectId`, or '' before one is chosen. */
  pair: string;
  homeworkIds: number[];
}

const blank: Draft = { id: null, name: '', pair: '', homeworkIds: [] };

/** The form of a group: name, grade × subject, and its homework (待布置 and 已布置) to tick. */
function GroupForm({
  draft,
  onSaved,
  onCancel,
}: {
  draft: Draft;
  onSaved(group: HomeworkGroup): void;
  onCancel(): void;
}) {
  const call = useApiCall();
  const options = useHomeworkOptions();
  const [form, setForm] = useState(draft);
  const [homeworks, setHomeworks] = useState<HomeworkSummary[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [gradeId, subjectId] = form.pair ? form.pair.split(':').map(Number) : [0, 0];

  useEffect(() => {
    if (!gradeId || !subjectId) return setHomeworks([]);
    void call(homeworkRoutes.homeworkPage, { pageNum: 1, pageSize: 100, gradeId, subjectId }).then(
      (r) => setHomeworks(r.ok ? r.data.list.filter((h) => h.state !== 'draft') : []),
    );
  }, [call, gradeId, subjectId]);

  async function save() {
    setError('');
    if (!form.name.trim()) return setError('请填写分组名称');
    if (!gradeId || !subjectId) return setError('请选择年级科目');
    if (form.homeworkIds.length === 0) return setError('请至少选择一份作业');
    setSaving(true);
    const r = await call(
      G.groupSave,
      { id: form.id, name: form.name.trim(), gradeId, subjectId, homeworkIds: form.homeworkIds },
      { errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    onSaved(r.data);
  }

  return (
    <section aria-labelledby="group-form-title">
      <h2 id="group-form-title">{form.id === null ? '新建分组' : '编辑分组'}</h2>
      <Toolbar>
        <FormField label="分组名称" required>
          <TextInput
            value={form.name}
            maxLength={40}
            placeholder="如 第三单元、寒假作业"
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </FormField>
        <FormField label="年级科目" required>
          <Select
            value={form.pair}
            placeholder="请选择年级科目"
            options={(options ?? []).map((o) => ({
              value: `${o.gradeId}:${o.subjectId}`,
              label: `${o.gradeName}${o.subjectName}`,
            }))}
            onChange={(e) => setForm({ ...form, pair: e.target.value, homeworkIds: [] })}
          />
        </FormField>
      </Toolbar>
      {form.pair &&
        (homeworks.length === 0 ? (
          <Note>这个年级科目还没有拆题完成的作业。</Note>
        ) : (
          <CheckGroup>
            <legend>分组中的作业</legend>
            {homeworks.map((h) => (
              <label key={h.id}>
                <input
                  type="checkbox"
                  checked={form.homeworkIds.includes(h.id)}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      homeworkIds: e.target.checked
                        ? [...form.homeworkIds, h.id]
                        : form.homeworkIds.filter((id) => id !== h.id),
                    })
                  }
                />
                {h.name}（{HOMEWORK_STATE_LABELS[h.state]}）
              </label>
            ))}
          </CheckGroup>
        ))}
      <FormSubmit error={error} busy={saving} label="保存分组" onSubmit={save}>
        <Button onClick={onCancel}>取消</Button>
      </FormSubmit>
    </section>
  );
}

/** A group's 汇总: each homework's hand-ins, then each of the caller's students over the group. */
function GroupReport({ report }: { report: HomeworkGroupReport }) {
  return (
    <section aria-labelledby="group-report-title">
      <h2 id="group-report-title">{report.group.name} · 汇总</h2>
      <ListTable
        label="分组作业"
        rows={report.homeworks}
        headers={['作业', '状态', '满分', '应交', '已交', '平均分']}
      >
        {(h) => (
          <tr key={h.id}>
            <td>{h.name}</td>
            <td>{h.assigned ? '已布置' : '未布置'}</td>
            <td>{h.fullMarks}</td>
            <td>{h.expected}</td>
            <td>{h.submitted}</td>
            <td>{h.average ?? '—'}</td>
          </tr>
        )}
      </ListTable>
      <ListTable
        label="学生汇总"
        rows={report.students}
        empty="分组中还没有已布置的作业"
        headers={['学号', '姓名', '班级', '已交/应交', '得分/满分', '得分率']}
      >
        {(s) => (
          <tr key={s.studentNo}>
            <StudentCells student={s} />
            <td>
              {s.submitted}/{s.expected}
            </td>
            <td>
              {s.score}/{s.fullMarks}
            </td>
            <td>{s.rate === null ? '—' : `${s.rate}%`}</td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}

/**
 * /homework/group (作业分组, key Homework-Group): groups of homework of a grade × subject (a
 * unit, a week), shared by its teachers; 新建分组, 编辑 and 删除 for the maker, and each group's
 * 汇总 per homework and per student.
 */
export function HomeworkGroupPage() {
  const call = useApiCall();
  const [groups, setGroups] = useState<HomeworkGroup[] | null>(null);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [report, setReport] = useState<HomeworkGroupReport | null>(null);
  const [removing, setRemoving] = useState<HomeworkGroup | null>(null);

  const load = useCallback(async () => {
    const r = await call(G.groupList, {});
    setGroups(r.ok ? r.data : []);
  }, [call]);
  useEffect(() => void load(), [load]);

  const open = async (g: HomeworkGroup) => {
    const r = await call(G.groupReport, { id: g.id });
    if (r.ok) setReport(r.data);
  };
  async function remove() {
    if (!removing) return;
    const r = await call(G.groupRemove, { id: removing.id });
    if (r.ok && report?.group.id === removing.id) setReport(null);
    setRemoving(null);
    if (r.ok) void load();
  }

  return (
    <PageBox aria-labelledby="group-title">
      <h1 id="group-title">作业分组</h1>
      <Toolbar>
        <Note>
          把同一年级科目的作业按单元、周次等分组，查看一组作业的汇总；同年级同科目的老师共享。
        </Note>
        <Button type="primary" onClick={() => setEditing(blank)}>
          新建分组
        </Button>
      </Toolbar>
      {editing && (
        <GroupForm
          key={editing.id ?? 'new'}
          draft={editing}
          onCancel={() => setEditing(null)}
          onSaved={(g) => {
            setEditing(null);
            void load();
            void open(g);
          }}
        />
      )}
      <ListTable
        label="作业分组列表"
        rows={groups}
        empty="还没有作业分组"
        headers={['分组名称', '年级', '科目', '作业数', '创建人', '更新时间', '操作']}
      >
        {(g) => (
          <tr key={g.id}>
            <NameGradeSubjectCells row={g} />
            <td>{g.homeworkIds.length}</td>
            <td>{g.creatorName}</td>
            <td>{formatTime(g.updatedAt)}</td>
            <td>
              <Actions>
                <RowAction text="汇总" of={g.name} onClick={() => void open(g)} />
                {g.mine && (
                  <RowAction
                    text="编辑"
                    of={g.name}
                    onClick={() =>
                      setEditing({
                        id: g.id,
                        name: g.name,
                        pair: `${g.gradeId}:${g.subjectId}`,
                        homeworkIds: g.homeworkIds,
                      })
                    }
                  />
                )}
                {g.mine && <RowAction text="删除" of={g.name} onClick={() => setRemoving(g)} />}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {report && <GroupReport report={report} />}
      <ConfirmDialog
        open={removing !== null}
        title="删除作业分组"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除分组“{removing?.name}”吗？分组中的作业不会被删除。
      </ConfirmDialog>
    </PageBox>
  );
}
