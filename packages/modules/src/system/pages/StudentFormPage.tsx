import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { Button, FormField, Select, TextInput, useFormValidation } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { Actions, ErrorText, FormBox, PageBox } from '../components/styled';
import { useGradeClasses } from '../hooks/useGradeClasses';
import { useApiCall } from '../../common/useApiCall';

interface StudentValues extends Record<string, unknown> {
  studentNo: string;
  name: string;
  gradeId: string;
  classId: string;
  sex: string;
  tel: string;
}

const EMPTY: StudentValues = {
  studentNo: '',
  name: '',
  gradeId: '',
  classId: '',
  sex: '0',
  tel: '',
};
const isMasked = (tel: string) => tel.includes('*');

/**
 * /system/student/new and /system/student/edit/{id}: the student form. Fields are
 * checked before sending; a refusal shows the server's message under the form. A masked
 * phone (no System-Tel) is sent only when the user typed a new one.
 */
export function StudentFormPage() {
  const { id } = useParams();
  const studentId = id ? Number(id) : undefined;
  const call = useApiCall();
  const navigate = useNavigate();
  const form = useFormValidation<StudentValues>(
    {
      studentNo: [
        { required: true, message: '请输入学号' },
        {
          validator: (v) => /^[A-Za-z0-9-]{1,32}$/.test(String(v)),
          message: '学号只能包含字母、数字和“-”，最多32位',
        },
      ],
      name: [
        { required: true, message: '请输入姓名' },
        { validator: (v) => String(v).trim().length <= 64, message: '姓名最多64个字' },
      ],
      classId: [{ required: true, message: '请选择班级' }],
      tel: [
        {
          validator: (v) => !v || isMasked(String(v)) || /^1[0-9]{10}$/.test(String(v)),
          message: '请输入11位手机号',
        },
      ],
    },
    { initialValues: EMPTY },
  );
  const { values, errors, setValue, field } = form;
  const { grades, classes } = useGradeClasses(values.gradeId ? Number(values.gradeId) : undefined);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(studentId === undefined);
  const [originalTel, setOriginalTel] = useState('');

  useEffect(() => {
    if (studentId === undefined) return;
    void call(administrationRoutes.getStudent, { id: studentId }).then((r) => {
      if (!r.ok) return;
      const s = r.data;
      setValue('studentNo', s.studentNo);
      setValue('name', s.name);
      setValue('gradeId', String(s.gradeId));
      setValue('classId', String(s.classId));
      setValue('sex', String(s.sex));
      setValue('tel', s.tel ?? '');
      setOriginalTel(s.tel ?? '');
      setLoaded(true);
    });
  }, [call, studentId, setValue]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    if (!form.validate()) return;
    const sex = Number(values.sex) as 0 | 1 | 2;
    const tel = values.tel.trim();
    setSaving(true);
    const r =
      studentId === undefined
        ? await call(administrationRoutes.addStudent, {
            studentNo: values.studentNo.trim(),
            name: values.name.trim(),
            classId: Number(values.classId),
            sex,
            ...(tel ? { tel } : {}),
          })
        : await call(administrationRoutes.updateStudent, {
            id: studentId,
            studentNo: values.studentNo.trim(),
            name: values.name.trim(),
            classId: Number(values.classId),
            sex,
            // A masked phone is left as it is; an emptied one is removed.
            ...(tel === originalTel ? {} : { tel: tel || null }),
          });
    setSaving(false);
    if (!r.ok) {
      if (!r.cancelled) setServerError(r.message);
      return;
    }
    navigate('/system/student/list');
  }

  const title = studentId === undefined ? '新增学生' : '编辑学生';
  return (
    <PageBox aria-labelledby="student-form-title">
      <h1 id="student-form-title">{title}</h1>
      {loaded && (
        <FormBox noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
          <FormField label="学号" required error={errors.studentNo}>
            <TextInput {...field('studentNo')} />
          </FormField>
          <FormField label="姓名" required error={errors.name}>
            <TextInput {...field('name')} />
          </FormField>
          <GradeField
            grades={grades}
            value={values.gradeId}
            placeholder="请选择年级"
            onChange={(id) => {
              setValue('gradeId', id);
              setValue('classId', '');
            }}
          />
          <FormField label="班级" required error={errors.classId}>
            <Select
              {...field('classId')}
              placeholder="请选择班级"
              options={classes.map((c) => ({ value: c.id, label: c.name }))}
            />
          </FormField>
          <FormField label="性别">
            <Select
              {...field('sex')}
              options={[
                { value: '0', label: '未知' },
                { value: '1', label: '男' },
                { value: '2', label: '女' },
              ]}
            />
          </FormField>
          <FormField label="手机号" error={errors.tel} hint="选填，11位手机号">
            <TextInput {...field('tel')} inputMode="tel" />
          </FormField>
          {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
          <Actions>
            <Button onClick={() => navigate('/system/student/list')}>取消</Button>
            <Button type="primary" nativeType="submit" loading={saving}>
              保存
            </Button>
          </Actions>
        </FormBox>
      )}
    </PageBox>
  );
}
