import { useState } from 'react';
import type { SchoolOption } from '@examkit/contracts';
import { Button, Dialog, FormField, TextInput } from '@examkit/ui';
import { styled } from 'styled-components';
import { Actions } from '../../common/styled';
import { regionRoutes } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

const SchoolRow = styled.label`
  display: block;
  padding: 4px 0;
`;

export interface RegionDialogProps {
  region: { regionName: string; schools: SchoolOption[] };
  /** The school the bureau is in: it cannot leave the region from inside it. */
  currentSchoolId: number;
  onClose(): void;
  onSaved(region: { regionName: string; schools: SchoolOption[] }): void;
}

/**
 * 区域设置 for bureau staff (docs/joint-exams.md#regions): the region's name and its member
 * schools, each of which may be unticked to leave the region. Schools join through an operator.
 */
export default function RegionDialog({
  region,
  currentSchoolId,
  onClose,
  onSaved,
}: RegionDialogProps) {
  const call = useApiCall();
  const [name, setName] = useState(region.regionName);
  const [kept, setKept] = useState(() => new Set(region.schools.map((s) => s.schoolId)));
  const [saving, setSaving] = useState(false);
  const error = name.trim() ? undefined : '请输入区域名称';

  const save = async () => {
    if (error) return;
    setSaving(true);
    const r = await call(
      regionRoutes.update,
      {
        name: name.trim(),
        schoolIds: region.schools.map((s) => s.schoolId).filter((id) => kept.has(id)),
      },
      { successMessage: '已保存' },
    );
    setSaving(false);
    if (r.ok) onSaved(r.data);
  };

  return (
    <Dialog
      open
      title="区域设置"
      onClose={onClose}
      footer={
        <Actions>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Actions>
      }
    >
      <FormField label="区域名称" required error={error}>
        <TextInput value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <fieldset>
        <legend>成员学校（取消勾选即移出本区域；加入学校请联系平台管理员）</legend>
        {region.schools.map((s) => (
          <SchoolRow key={s.schoolId}>
            <input
              type="checkbox"
              checked={kept.has(s.schoolId)}
              disabled={s.schoolId === currentSchoolId}
              onChange={(e) => {
                const next = new Set(kept);
                if (e.target.checked) next.add(s.schoolId);
                else next.delete(s.schoolId);
                setKept(next);
              }}
            />
            {s.schoolName}
            {s.schoolId === currentSchoolId && '（当前学校）'}
          </SchoolRow>
        ))}
      </fieldset>
    </Dialog>
  );
}
