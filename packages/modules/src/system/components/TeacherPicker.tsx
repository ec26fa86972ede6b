import { useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import type { TeacherRow } from '../types';

export interface TeacherPickerProps {
  /** The chosen teacher's id, '' for none. */
  value: string;
  onChange(teacherId: string): void;
}

/**
 * 查找教师 and 教师: a teacher of the school, the list narrowed by name or login name as one
 * types (asked 250 ms after the last key). The caller lays the two fields out in its toolbar.
 */
export function TeacherPicker({ value, onChange }: TeacherPickerProps) {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [teachers, setTeachers] = useState<TeacherRow[]>([]);

  useEffect(() => {
    const t = setTimeout(() => {
      void call(
        administrationRoutes.listTeacher,
        keyWord.trim() ? { keyWord: keyWord.trim() } : {},
        { dedupe: false, errorMessage: false },
      ).then((r) => {
        if (r.ok) setTeachers(r.data);
      });
    }, 250);
    return () => clearTimeout(t);
  }, [call, keyWord]);

  return (
    <>
      <FormField label="查找教师">
        <TextInput
          type="search"
          value={keyWord}
          placeholder="姓名、登录名"
          onChange={(e) => setKeyWord(e.target.value)}
        />
      </FormField>
      <FormField label="教师">
        <Select
          value={value}
          placeholder="请选择教师"
          options={teachers.map((t) => ({ value: t.id, label: `${t.name}（${t.loginName}）` }))}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormField>
    </>
  );
}
