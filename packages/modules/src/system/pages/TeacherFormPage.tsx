import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { usePermission } from '@examkit/permission';
import {
  Button,
  FormField,
  PasswordInput,
  Select,
  TextInput,
  useFormValidation,
} from '@examkit/ui';
import { Actions, CheckGroup, ErrorText, FormBox, PageBox } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import type { RoleRow } from '../types';

interface TeacherValues extends Record<string, unknown> {
  name: string;
  tel: string;
  loginName: string;
  subjectId: string;
  password: string;
}

const EMPTY: TeacherValues = { name: '', tel: '', loginName: '', subjectId: '', password: '' };
const isMasked = (tel: string) => tel.includes('*');

/**
 * /system/teacher/new and /system/teacher/edit/{id}: the teacher form. A new teacher may
 * get roles and a first password (without one they sign in by phone code). A masked
 * phone (no System-Tel) is sent only when the user typed a new one.
 */
export function TeacherFormPage() {
  const { id } = useParams();
  const teacherId = id ? Number(id) : undefined;
  const call = useApiCall();
  const mayListRoles = usePermission('System-Role');
  const navigate = useNavigate();
  const form = useFormValidation<TeacherValues>(
    {
      name: [
        { required: true, message: '请输入姓名' },
        { validator: (v) => String(v).trim().length <= 64, message: '姓名最多64个字' },
      ],
      tel: [
        { required: true, message: '请输入手机号' },
        {
          validator: (v) => isMasked(String(v)) || /^1[0-9]{10}$/.test(String(v).trim()),
          message: '请输入11位手机号',
        },
      ],
      loginName: [
        {
          validator: (v) => !v || /^[A-Za-z0-9_.@-]{2,64}$/.test(String(v).trim()),
          message: '登录名为2到64位字母、数字或 _ . @ -',
        },
      ],
      password: [
        {
          validator: (v) => !v || String(v).length >= 6,
          message: '密码至少6位',
        },
      ],
    },
    { initialValues: EMPTY },
  );
  const { values, errors, setValue, field } = form;
  const [subjects, setSubjects] = useState<{ id: number; name: string }[]>([]);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [roleIds, setRoleIds] = useState<Set<number>>(new Set());
  const [originalTel, setOriginalTel] = useState('');
  const [loaded, setLoaded] = useState(teacherId === undefined);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [subjectName, setSubjectName] = useState<string | null>(null);

  useEffect(() => {
    void call(administrationRoutes.dicGetSubject, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setSubjects(r.data.map((s) => ({ id: s.id, name: s.name })));
    });
    // Roles are listed only to those who may manage them (the server asks for System-Role).
    if (teacherId === undefined && mayListRoles) {
      void call(administrationRoutes.roleList, {}, { errorMessage: false }).then((r) => {
        if (r.ok) setRoles(r.data);
      });
    }
  }, [call, teacherId, mayListRoles]);

  useEffect(() => {
    if (teacherId === undefined) return;
    void call(administrationRoutes.queryTeacher, { id: teacherId }).then((r) => {
      if (!r.ok) return;
      setValue('name', r.data.name);
      setValue('tel', r.data.tel ?? '');
      setValue('loginName', r.data.loginName);
      setOriginalTel(r.data.tel ?? '');
      setSubjectName(r.data.subjectName);
      setLoaded(true);
    });
  }, [call, teacherId, setValue]);

  // The teacher names a subject; pick its id once the subject list is there too.
  useEffect(() => {
    if (!subjectName) return;
    const match = subjects.find((s) => s.name === subjectName);
    if (match) setValue('subjectId', String(match.id));
  }, [subjectName, subjects, setValue]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    if (!form.validate()) return;
    const tel = values.tel.trim();
    const subjectId = values.subjectId ? Number(values.subjectId) : undefined;
    setSaving(true);
    const r =
      teacherId === undefined
        ? await call(administrationRoutes.addTeacher, {
            name: values.name.trim(),
            tel,
            ...(values.loginName.trim() ? { loginName: values.loginName.trim() } : {}),
            ...(subjectId ? { subjectId } : {}),
            ...(roleIds.size ? { roleIds: [...roleIds] } : {}),
            ...(values.password ? { password: values.password } : {}),
          })
        : await call(administrationRoutes.updateTeacher, {
            id: teacherId,
            name: values.name.trim(),
            subjectId: subjectId ?? null,
            ...(tel === originalTel ? {} : { tel }),
          });
    setSaving(false);
    if (!r.ok) {
      if (!r.cancelled) setServerError(r.message);
      return;
    }
    navigate('/system/teacher/list');
  }

  const title = teacherId === undefined ? '新增教师' : '编辑教师';
  return (
    <PageBox aria-labelledby="teacher-form-title">
      <h1 id="teacher-form-title">{title}</h1>
      {loaded && (
        <FormBox noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
          <FormField label="姓名" required error={errors.name}>
            <TextInput {...field('name')} />
          </FormField>
          <FormField label="手机号" required error={errors.tel}>
            <TextInput {...field('tel')} inputMode="tel" />
          </FormField>
          <FormField
            label="登录名"
            error={errors.loginName}
            hint={teacherId === undefined ? '不填则使用手机号' : '登录名不能修改'}
          >
            <TextInput {...field('loginName')} readOnly={teacherId !== undefined} />
          </FormField>
          <FormField label="学科">
            <Select
              {...field('subjectId')}
              placeholder="无"
              options={subjects.map((s) => ({ value: s.id, label: s.name }))}
            />
          </FormField>
          {teacherId === undefined && (
            <>
              <FormField
                label="初始密码"
                error={errors.password}
                hint="选填；不填时教师用手机验证码登录"
              >
                <PasswordInput {...field('password')} autoComplete="new-password" />
              </FormField>
              {roles.length > 0 && (
                <CheckGroup>
                  <legend>角色（本学年）</legend>
                  {roles.map((role) => (
                    <label key={role.id}>
                      <input
                        type="checkbox"
                        checked={roleIds.has(role.id)}
                        onChange={(e) => {
                          const next = new Set(roleIds);
                          if (e.target.checked) next.add(role.id);
                          else next.delete(role.id);
                          setRoleIds(next);
                        }}
                      />
                      {role.roleName}
                    </label>
                  ))}
                </CheckGroup>
              )}
            </>
          )}
          {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
          <Actions>
            <Button onClick={() => navigate('/system/teacher/list')}>取消</Button>
            <Button type="primary" nativeType="submit" loading={saving}>
              保存
            </Button>
          </Actions>
        </FormBox>
      )}
    </PageBox>
  );
}
