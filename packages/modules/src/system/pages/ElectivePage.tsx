import { useCallback, useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { Button, Empty, FormField, Select } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { Pager } from '../../common/Pager';
import { usePagedRows } from '../../common/usePagedRows';
import { Actions, ErrorText, Note, PageBox, Table, Toolbar } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useApiCall } from '../../common/useApiCall';
import { ELECTIVE_SUBJECTS, checkElective, type ComboType } from '../utils/elective';

const PAGE_SIZE = 50;
const SLOT_LABELS: Record<ComboType, string[]> = {
  '3+1+2': ['首选科目', '再选科目一', '再选科目二'],
  '3+3': ['选考科目一', '选考科目二', '选考科目三'],
};

/**
 * /system/student/xgk: the 新高考 elective subjects (选科) of a grade's students. Chosen
 * students get one combination; 3+1+2 and 3+3 are checked before sending.
 */
export function ElectivePage() {
  const call = useApiCall();
  const [gradeId, setGradeId] = useState('');
  const [filter, setFilter] = useState<'' | ComboType>('');
  const [page, setPage] = useState(1);
  const { grades } = useGradeClasses(undefined);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [combo, setCombo] = useState<ComboType>('3+1+2');
  const [subjects, setSubjects] = useState(['', '', '']);
  const [error, setError] = useState<string | null>(null);

  const grade = gradeId ? Number(gradeId) : undefined;
  const fetchPage = useCallback(
    () =>
      grade
        ? call(
            administrationRoutes.electiveStudents,
            {
              pageNum: page,
              pageSize: PAGE_SIZE,
              gradeId: grade,
              ...(filter ? { comboType: filter } : {}),
            },
            { dedupe: false },
          )
        : null,
    [call, grade, page, filter],
  );
  const { rows, total, load } = usePagedRows(fetchPage);

  useEffect(() => {
    setChosen(new Set());
    void load();
  }, [load]);

  async function save() {
    const problem = chosen.size === 0 ? '请先勾选学生' : checkElective(combo, subjects);
    setError(problem);
    if (problem) return;
    const r = await call(
      administrationRoutes.setElective,
      { studentIds: [...chosen], comboType: combo, subjects },
      { successMessage: '选科已保存' },
    );
    if (r.ok) void load();
    else if (!r.cancelled) setError(r.message);
  }

  const allChosen = !!rows?.length && rows.every((s) => chosen.has(s.id));
  return (
    <PageBox aria-labelledby="xgk-title">
      <h1 id="xgk-title">新高考选科</h1>
      <Toolbar role="search" aria-label="筛选学生">
        <GradeField
          grades={grades}
          value={gradeId}
          placeholder="请选择年级"
          onChange={(id) => {
            setGradeId(id);
            setPage(1);
          }}
        />
        <FormField label="组合">
          <Select
            value={filter}
            placeholder="全部"
            options={[
              { value: '3+1+2', label: '3+1+2' },
              { value: '3+3', label: '3+3' },
            ]}
            onChange={(e) => {
              setFilter(e.target.value as '' | ComboType);
              setPage(1);
            }}
          />
        </FormField>
      </Toolbar>
      {!grade ? (
        <Note>请选择年级。</Note>
      ) : rows === null ? null : rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Table aria-label="选科学生">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="全选本页"
                    checked={allChosen}
                    onChange={(e) =>
                      setChosen(e.target.checked ? new Set(rows.map((s) => s.id)) : new Set())
                    }
                  />
                </th>
                <th scope="col">学号</th>
                <th scope="col">姓名</th>
                <th scope="col">班级</th>
                <th scope="col">组合</th>
                <th scope="col">选考科目</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`选择 ${s.name}`}
                      checked={chosen.has(s.id)}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(s.id);
                        else next.delete(s.id);
                        setChosen(next);
                      }}
                    />
                  </td>
                  <td>{s.studentNo}</td>
                  <td>{s.name}</td>
                  <td>{s.className}</td>
                  <td>{s.comboType ?? '-'}</td>
                  <td>{s.electiveSubjects.join('、') || '-'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          <h2>为已勾选的 {chosen.size} 名学生设置选科</h2>
          <Toolbar>
            <FormField label="组合方式">
              <Select
                value={combo}
                options={[
                  { value: '3+1+2', label: '3+1+2' },
                  { value: '3+3', label: '3+3' },
                ]}
                onChange={(e) => setCombo(e.target.value as ComboType)}
              />
            </FormField>
            {SLOT_LABELS[combo].map((label, i) => (
              <FormField key={label} label={label}>
                <Select
                  value={subjects[i] ?? ''}
                  placeholder="请选择"
                  options={ELECTIVE_SUBJECTS.map((s) => ({ value: s, label: s }))}
                  onChange={(e) =>
                    setSubjects(subjects.map((x, j) => (j === i ? e.target.value : x)))
                  }
                />
              </FormField>
            ))}
            <Actions>
              <Button type="primary" onClick={() => void save()}>
                保存选科
              </Button>
            </Actions>
          </Toolbar>
          {error && <ErrorText role="alert">{error}</ErrorText>}
        </>
      )}
    </PageBox>
  );
}
