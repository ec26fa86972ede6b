import { useEffect, useState } from 'react';
import { administrationRoutes, type DataOf } from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useApiCall } from '../../common/useApiCall';
import { TeacherPicker } from '../components/TeacherPicker';
import { RowAction } from '../../common/RowAction';

type Assignment = DataOf<typeof administrationRoutes.queryTeacher>['assignments'][number];

/**
 * /system/assignedClass: which classes and subjects a teacher teaches this academic year.
 * The whole list is saved at once (`teacher/save_teach_class`); it decides the data scope
 * of a teacher without a school-wide role.
 */
export function AssignedClassPage() {
  const call = useApiCall();
  const [teacherId, setTeacherId] = useState('');
  const [rows, setRows] = useState<Assignment[] | null>(null);
  const [gradeId, setGradeId] = useState('');
  const [classId, setClassId] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [subjects, setSubjects] = useState<{ id: number; name: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { grades, classes } = useGradeClasses(gradeId ? Number(gradeId) : undefined);

  useEffect(() => {
    void call(administrationRoutes.dicGetSubject, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setSubjects(r.data.map((s) => ({ id: s.id, name: s.name })));
    });
  }, [call]);

  useEffect(() => {
    setRows(null);
    setError(null);
    if (!teacherId) return;
    void call(administrationRoutes.queryTeacher, { id: Number(teacherId) }, { dedupe: false }).then(
      (r) => {
        if (r.ok) setRows(r.data.assignments);
      },
    );
  }, [call, teacherId]);

  function add() {
    if (!rows) return;
    const cls = classes.find((c) => c.id === Number(classId));
    const subject = subjects.find((s) => s.id === Number(subjectId));
    if (!cls || !subject) {
      setError(!cls ? '请选择班级' : '请选择学科');
      return;
    }
    if (rows.some((a) => a.classId === cls.id && a.subjectId === subject.id)) {
      setError('该班级的这门学科已在列表中');
      return;
    }
    const grade = grades.find((g) => g.id === cls.gradeId);
    setError(null);
    setRows([
      ...rows,
      {
        classId: cls.id,
        className: cls.name,
        gradeId: cls.gradeId,
        gradeName: grade?.name ?? '',
        subjectId: subject.id,
        subjectName: subject.name,
      },
    ]);
  }

  async function save() {
    if (!rows || !teacherId) return;
    const r = await call(
      administrationRoutes.saveTeachClass,
      {
        id: Number(teacherId),
        assignments: rows.map((a) => ({ classId: a.classId, subjectId: a.subjectId })),
      },
      { successMessage: '任教班级已保存' },
    );
    if (!r.ok && !r.cancelled) setError(r.message);
  }

  return (
    <PageBox aria-labelledby="assigned-title">
      <h1 id="assigned-title">分配班级</h1>
      <Toolbar>
        <TeacherPicker value={teacherId} onChange={setTeacherId} />
      </Toolbar>
      {!teacherId ? (
        <Note>请选择教师。</Note>
      ) : (
        rows && (
          <>
            <ListTable label="任教班级" rows={rows} headers={['年级', '班级', '学科', '操作']}>
              {(a) => (
                <tr key={`${a.classId}-${a.subjectId}`}>
                  <td>{a.gradeName}</td>
                  <td>{a.className}</td>
                  <td>{a.subjectName}</td>
                  <td>
                    <RowAction
                      text="移除"
                      of={`${a.className} ${a.subjectName}`}
                      onClick={() => setRows(rows.filter((x) => x !== a))}
                    />
                  </td>
                </tr>
              )}
            </ListTable>
            <h2>添加任教</h2>
            <Toolbar>
              <GradeField
                grades={grades}
                value={gradeId}
                placeholder="全部"
                onChange={(id) => {
                  setGradeId(id);
                  setClassId('');
                }}
              />
              <FormField label="班级">
                <Select
                  value={classId}
                  placeholder="请选择班级"
                  options={classes.map((c) => ({ value: c.id, label: c.name }))}
                  onChange={(e) => setClassId(e.target.value)}
                />
              </FormField>
              <FormField label="学科">
                <Select
                  value={subjectId}
                  placeholder="请选择学科"
                  options={subjects.map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(e) => setSubjectId(e.target.value)}
                />
              </FormField>
              <Actions>
                <Button onClick={add}>添加</Button>
                <Button type="primary" onClick={() => void save()}>
                  保存
                </Button>
              </Actions>
            </Toolbar>
            {error && <ErrorText role="alert">{error}</ErrorText>}
          </>
        )
      )}
    </PageBox>
  );
}
