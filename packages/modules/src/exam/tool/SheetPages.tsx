import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { examToolRoutes, type ToolGroupResult, type ToolSheetSummary } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { Actions, CellInput, ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ImportDialog } from '../../common/ImportDialog';
import {
  DataTable,
  GradeClassPicker,
  num,
  pct,
  useCallData,
  useQueryId,
  ToolIntroPage,
  ToolListPage,
} from './common';

const BASE = '/exam/tool/sheet';

/** /exam/tool/sheet/intro: what a quick score sheet is, with its entries. */
export function SheetIntroPage() {
  return (
    <ToolIntroPage
      title="成绩表"
      text="不经过考试流程，为一个或几个班快速建一张成绩表：填写学科和满分，逐个录入或用 Excel 导入成绩，即可看到与考试报告相同口径的平均分、优秀率、及格率、排名和每个学生的成绩单。"
      links={[
        [`${BASE}/newsheet`, '新建成绩表'],
        [`${BASE}/list`, '成绩表列表'],
      ]}
    />
  );
}

/** /exam/tool/sheet/list: the sheets of the caller's classes, newest first. */
export function SheetListPage() {
  return (
    <ToolListPage<ToolSheetSummary>
      title="成绩表列表"
      links={[
        [`${BASE}/newsheet`, '新建成绩表'],
        [`${BASE}/intro`, '成绩表介绍'],
      ]}
      route={examToolRoutes.sheetList}
      label="成绩表"
      empty="暂无成绩表"
      columns={['名称', '年级', '班级', '学科', '学生数', '已录入', '操作']}
      rowKey={(s) => s.id}
      cells={(s) => [
        s.name,
        s.gradeName,
        s.classes.map((c) => c.className).join('、'),
        s.subjects.map((x) => `${x.name}（${x.fullMarks}）`).join('、'),
        s.studentCount,
        `${s.filled} / ${s.studentCount * s.subjects.length}`,
        <Actions key="actions">
          <Link to={`${BASE}/detail?id=${s.id}`} aria-label={`录入成绩：${s.name}`}>
            录入成绩
          </Link>
          <Link to={`${BASE}/result?id=${s.id}`} aria-label={`查看结果：${s.name}`}>
            查看结果
          </Link>
        </Actions>,
      ]}
    />
  );
}

interface SubjectDraft {
  name: string;
  fullMarks: string;
}

const marksProblem = (rows: SubjectDraft[]) =>
  rows.some((s) => {
    const n = Number(s.fullMarks);
    return !s.name.trim() || !Number.isFinite(n) || n <= 0 || n > 1000;
  });

/** /exam/tool/sheet/newsheet: name, grade, classes and subjects with full marks. */
export function NewSheetPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [gradeId, setGradeId] = useState('');
  const [classIds, setClassIds] = useState<number[]>([]);
  const [subjects, setSubjects] = useState<SubjectDraft[]>([{ name: '', fullMarks: '100' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = '请输入成绩表名称';
    if (!gradeId) found.gradeId = '请选择年级';
    if (classIds.length === 0) found.classIds = '请至少选择一个班级';
    if (subjects.length === 0 || marksProblem(subjects))
      found.subjects = '每个学科须有名称，满分须为 0 到 1000 之间的数';
    else if (new Set(subjects.map((s) => s.name.trim())).size !== subjects.length)
      found.subjects = '学科名称不能重复';
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const r = await call(examToolRoutes.sheetCreate, {
      name: name.trim(),
      gradeId: Number(gradeId),
      classIds,
      subjects: subjects.map((s) => ({ name: s.name.trim(), fullMarks: Number(s.fullMarks) })),
    });
    setSaving(false);
    if (r.ok) navigate(`${BASE}/detail?id=${r.data.id}`);
  }

  return (
    <PageBox aria-labelledby="new-sheet-title">
      <h1 id="new-sheet-title">新建成绩表</h1>
      <form
        noValidate
        aria-label="成绩表信息"
        onSubmit={(e) => void submit(e)}
        style={{ maxWidth: 720 }}
      >
        <FormField label="成绩表名称" required error={errors.name}>
          <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <GradeClassPicker
          gradeId={gradeId}
          classIds={classIds}
          onGrade={setGradeId}
          onClasses={setClassIds}
          legend="班级"
          gradeError={errors.gradeId}
          classError={errors.classIds}
        />
        <DataTable
          label="学科和满分"
          columns={['学科', '满分', '操作']}
          rows={subjects}
          rowKey={(_, i) => i}
          cells={(s, i) => {
            const edit = (field: keyof SubjectDraft, value: string) =>
              setSubjects((rows) => rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
            return [
              <CellInput
                key="name"
                aria-label={`第 ${i + 1} 个学科名称`}
                value={s.name}
                maxLength={20}
                onChange={(e) => edit('name', e.target.value)}
              />,
              <CellInput
                key="marks"
                aria-label={`第 ${i + 1} 个学科满分`}
                inputMode="decimal"
                value={s.fullMarks}
                onChange={(e) => edit('fullMarks', e.target.value)}
              />,
              <Button
                key="remove"
                size="small"
                type="link"
                disabled={subjects.length === 1}
                aria-label={`移除第 ${i + 1} 个学科`}
                onClick={() => setSubjects((rows) => rows.filter((_, j) => j !== i))}
              >
                移除
              </Button>,
            ];
          }}
        />
        {errors.subjects && <ErrorText role="alert">{errors.subjects}</ErrorText>}
        <Actions>
          <Button onClick={() => setSubjects((rows) => [...rows, { name: '', fullMarks: '100' }])}>
            添加一行学科
          </Button>
          <Button type="primary" nativeType="submit" loading={saving}>
            创建成绩表
          </Button>
        </Actions>
      </form>
    </PageBox>
  );
}

/** /exam/tool/sheet/addsubject?id=: one more subject on a sheet. */
export function AddSubjectPage() {
  const id = useQueryId();
  const call = useApiCall();
  const navigate = useNavigate();
  const [row, setRow] = useState<SubjectDraft>({ name: '', fullMarks: '100' });
  const [error, setError] = useState('');
  if (!id) return <MissingSheet />;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (marksProblem([row])) return setError('请填写学科名称，满分须为 0 到 1000 之间的数');
    setError('');
    const r = await call(examToolRoutes.sheetAddSubject, {
      sheetId: id!,
      name: row.name.trim(),
      fullMarks: Number(row.fullMarks),
    });
    if (r.ok) navigate(`${BASE}/detail?id=${id}`);
  }
  return (
    <PageBox aria-labelledby="add-subject-title">
      <h1 id="add-subject-title">添加学科</h1>
      <form noValidate aria-label="学科" onSubmit={(e) => void submit(e)} style={{ maxWidth: 480 }}>
        <FormField label="学科名称" required error={error || undefined}>
          <TextInput
            value={row.name}
            maxLength={20}
            onChange={(e) => setRow({ ...row, name: e.target.value })}
          />
        </FormField>
        <FormField label="满分" required>
          <TextInput
            inputMode="decimal"
            value={row.fullMarks}
            onChange={(e) => setRow({ ...row, fullMarks: e.target.value })}
          />
        </FormField>
        <Actions>
          <Link to={`${BASE}/detail?id=${id}`}>返回成绩表</Link>
          <Button type="primary" nativeType="submit">
            添加
          </Button>
        </Actions>
      </form>
    </PageBox>
  );
}

function MissingSheet() {
  return (
    <PageBox aria-labelledby="sheet-missing">
      <h1 id="sheet-missing">请选择成绩表</h1>
      <Link to={`${BASE}/list`}>前往成绩表列表</Link>
    </PageBox>
  );
}

/** /exam/tool/sheet/detail?id=: the score grid; cells the caller may enter are inputs. */
export function SheetDetailPage() {
  const id = useQueryId();
  const call = useApiCall();
  const navigate = useNavigate();
  const { data: sheet, reload } = useCallData(
    examToolRoutes.sheetDetail,
    id ? { sheetId: id } : null,
  );
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState(false);

  const load = async () => {
    await reload();
    setDraft({});
  };

  if (!id) return <MissingSheet />;
  if (!sheet) return null;
  const editable = new Set(sheet.editable);
  const keyOf = (studentId: number, subjectId: number) => `${studentId}:${subjectId}`;

  async function save() {
    if (!sheet) return;
    const cells = [];
    for (const [key, text] of Object.entries(draft)) {
      const [studentId, subjectId] = key.split(':').map(Number) as [number, number];
      const subject = sheet.subjects.find((s) => s.id === subjectId)!;
      const score = text.trim() === '' ? null : Number(text);
      if (score !== null && (!Number.isFinite(score) || score < 0 || score > subject.fullMarks)) {
        const student = sheet.students.find((s) => s.studentId === studentId);
        return setProblem(
          `${student?.name ?? ''}的${subject.name}成绩须为 0 到 ${subject.fullMarks} 的数`,
        );
      }
      cells.push({ studentId, subjectId, score });
    }
    setProblem('');
    if (cells.length === 0) return setProblem('没有修改的成绩');
    setSaving(true);
    const r = await call(examToolRoutes.sheetSaveScores, { sheetId: sheet.id, scores: cells });
    setSaving(false);
    if (r.ok) await load();
  }

  const changed = Object.keys(draft).length;
  return (
    <PageBox aria-labelledby="sheet-detail-title">
      <h1 id="sheet-detail-title">{sheet.name}</h1>
      <Note>
        {sheet.gradeName} · {sheet.classes.map((c) => c.className).join('、')} · 共{' '}
        {sheet.studentCount} 人。空白表示未录入（缺考的学生留空）。
      </Note>
      <Toolbar>
        <Button
          type="primary"
          loading={saving}
          disabled={changed === 0}
          onClick={() => void save()}
        >
          保存成绩{changed ? `（${changed}）` : ''}
        </Button>
        <Button onClick={() => setImporting(true)}>导入成绩</Button>
        <Link to={`${BASE}/result?id=${sheet.id}`}>查看结果</Link>
        {sheet.owner && <Link to={`${BASE}/addsubject?id=${sheet.id}`}>添加学科</Link>}
        {sheet.owner && (
          <Button type="link" onClick={() => setRemoving(true)}>
            删除成绩表
          </Button>
        )}
      </Toolbar>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <div style={{ overflowX: 'auto' }}>
        <DataTable
          label="成绩录入"
          columns={[
            '学号',
            '姓名',
            '班级',
            ...sheet.subjects.map((s) => `${s.name}（${s.fullMarks}）`),
          ]}
          rows={sheet.students}
          rowKey={(st) => st.studentId}
          cells={(st) => [
            st.studentNo,
            st.name,
            st.className,
            ...sheet.subjects.map((sub, j) => {
              const key = keyOf(st.studentId, sub.id);
              const stored = st.scores[j];
              if (!editable.has(`${st.classId}:${sub.id}`)) return num(stored);
              return (
                <CellInput
                  key={key}
                  aria-label={`${st.name} ${sub.name}`}
                  inputMode="decimal"
                  value={
                    draft[key] ?? (stored === null || stored === undefined ? '' : String(stored))
                  }
                  onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
                />
              );
            }),
          ]}
        />
      </div>
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        kind="成绩"
        columns={`学号、姓名、班级、${sheet.subjects.map((s) => s.name).join('、')}（空白或“缺考”表示不计）`}
        template={async () => {
          const r = await call(examToolRoutes.sheetTemplate, { sheetId: sheet.id });
          return r.ok ? r.data : null;
        }}
        upload={async (file) => {
          const r = await call(examToolRoutes.sheetImport, { sheetId: sheet.id, file });
          return r.ok ? r.data : null;
        }}
        onImported={() => void load()}
      />
      <ConfirmDialog
        open={removing}
        title="删除成绩表"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          void call(examToolRoutes.sheetRemove, { sheetId: sheet.id }).then((r) => {
            setRemoving(false);
            if (r.ok) navigate(`${BASE}/list`);
          })
        }
      >
        删除“{sheet.name}”及其全部成绩？此操作不可恢复。
      </ConfirmDialog>
    </PageBox>
  );
}

/** Figures of groups: 总分 and each subject. */
function StatsTable({ label, groups }: { label: string; groups: ToolGroupResult[] }) {
  return (
    <DataTable
      label={label}
      columns={STATS_COLUMNS}
      rows={groups.flatMap((g) => g.stats.map((stats) => ({ group: g.name, id: g.id, stats })))}
      rowKey={(r) => `${r.id}-${r.stats.key}`}
      cells={({ group, stats: s }) => [
        group,
        s.name,
        s.fullMarks,
        s.count,
        num(s.mean),
        num(s.max),
        num(s.min),
        num(s.sd),
        pct(s.excellentRate),
        pct(s.passRate),
        pct(s.lowRate),
        pct(s.aboveMeanRate),
      ]}
    />
  );
}

const STATS_COLUMNS = [
  '班级',
  '科目',
  '满分',
  '实考',
  '平均分',
  '最高分',
  '最低分',
  '标准差',
  '优秀率',
  '及格率',
  '低分率',
  '超均率',
];

/** /exam/tool/sheet/result?id=: the grade and class figures and the students by total. */
export function SheetResultPage() {
  const id = useQueryId();
  const { data: result } = useCallData(examToolRoutes.sheetResult, id ? { sheetId: id } : null);
  if (!id) return <MissingSheet />;
  if (!result) return null;
  const { sheet } = result;
  return (
    <PageBox aria-labelledby="sheet-result-title">
      <h1 id="sheet-result-title">{sheet.name}：成绩分析</h1>
      <Toolbar>
        <Link to={`${BASE}/detail?id=${sheet.id}`}>返回录入</Link>
        <Link to={`${BASE}/list`}>成绩表列表</Link>
      </Toolbar>
      <h2>整体与各班</h2>
      <StatsTable label="整体与各班统计" groups={[result.grade, ...result.classes]} />
      <h2>学生排名</h2>
      <DataTable
        label="学生排名"
        columns={[
          '名次',
          '学号',
          '姓名',
          '班级',
          ...(result.students[0]?.scores.map((s) => s.name) ?? []),
          '班级名次',
        ]}
        rows={result.students}
        rowKey={(st) => st.studentId}
        cells={(st) => [
          st.scores[0]?.gradeRank ?? '—',
          st.studentNo,
          <Link key="name" to={`${BASE}/student?id=${sheet.id}&studentId=${st.studentId}`}>
            {st.name}
          </Link>,
          st.className,
          ...st.scores.map((s) => num(s.score)),
          st.scores[0]?.classRank ?? '—',
        ]}
      />
    </PageBox>
  );
}

/** /exam/tool/sheet/student?id=&studentId=: one student's scores, levels and ranks. */
export function SheetStudentPage() {
  const id = useQueryId();
  const studentId = useQueryId('studentId');
  const { data } = useCallData(
    examToolRoutes.sheetStudent,
    id && studentId ? { sheetId: id, studentId } : null,
  );
  if (!id || !studentId) return <MissingSheet />;
  if (!data) return null;
  const { student, classStats, gradeStats } = data;
  return (
    <PageBox aria-labelledby="sheet-student-title">
      <h1 id="sheet-student-title">
        {student.name}（{student.className}）：{data.sheet.name}
      </h1>
      <Toolbar>
        <Link to={`${BASE}/result?id=${id}`}>返回成绩分析</Link>
      </Toolbar>
      <DataTable
        label="学生成绩"
        columns={['科目', '成绩', '等级', '班级名次', '总名次', '班级平均分', '整体平均分']}
        rows={student.scores}
        rowKey={(s) => s.key}
        cells={(s, i) => [
          s.name,
          s.score === null ? '未录入' : num(s.score),
          s.level ?? '—',
          s.classRank ?? '—',
          s.gradeRank ?? '—',
          num(classStats.stats[i]?.mean),
          num(gradeStats.stats[i]?.mean),
        ]}
      />
    </PageBox>
  );
}
