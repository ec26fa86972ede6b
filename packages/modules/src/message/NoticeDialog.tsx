import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import type { DataOf, messageRoutes } from '@examkit/contracts';
import { Button, Dialog, FormField, TextInput, themeOf } from '@examkit/ui';
import { messageRefs } from '../common/shellRoutes';
import { useApiCall } from '../common/useApiCall';

type Targets = DataOf<typeof messageRoutes.noticeTargets>;

export interface NoticeDialogProps {
  open: boolean;
  onClose(): void;
  onSent(): void;
}

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  margin: 0 0 16px;
  padding: 8px 12px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  legend {
    padding: 0 4px;
  }
`;

const Area = styled.textarea`
  width: 100%;
  min-height: 120px;
  box-sizing: border-box;
  padding: 6px 8px;
  font: inherit;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
`;

/** A group of checkboxes choosing ids. */
function CheckList({
  legend,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  items: readonly { id: number; name: string }[];
  chosen: ReadonlySet<number>;
  onChange(next: Set<number>): void;
}) {
  return (
    <Choices>
      <legend>{legend}</legend>
      {items.map((item) => (
        <label key={item.id}>
          <input
            type="checkbox"
            checked={chosen.has(item.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(item.id);
              else next.delete(item.id);
              onChange(next);
            }}
          />{' '}
          {item.name}
        </label>
      ))}
    </Choices>
  );
}

/** 发布通知: a school administrator's notice to the holders of roles and the teachers of classes. */
export function NoticeDialog({ open, onClose, onSent }: NoticeDialogProps) {
  const call = useApiCall();
  const [targets, setTargets] = useState<Targets | null>(null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [roleIds, setRoleIds] = useState<Set<number>>(new Set());
  const [classIds, setClassIds] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || targets) return;
    void call(messageRefs.noticeTargets, undefined).then((r) => r.ok && setTargets(r.data));
  }, [call, open, targets]);

  const send = async () => {
    if (!title.trim() || !content.trim()) return setError('请填写标题和内容');
    if (roleIds.size === 0 && classIds.size === 0) return setError('请选择接收的角色或班级');
    setError(null);
    setBusy(true);
    const r = await call(
      messageRefs.noticeSend,
      {
        title: title.trim(),
        content: content.trim(),
        roleIds: [...roleIds],
        classIds: [...classIds],
      },
      { successMessage: '通知已发布' },
    );
    setBusy(false);
    if (!r.ok) return;
    setTitle('');
    setContent('');
    setRoleIds(new Set());
    setClassIds(new Set());
    onSent();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="发布通知"
      width={640}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void send()}>
            发布
          </Button>
        </>
      }
    >
      <FormField label="标题" required>
        <TextInput value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField label="内容" id="notice-content" required error={error ?? undefined}>
        <Area
          id="notice-content"
          value={content}
          maxLength={2000}
          onChange={(e) => setContent(e.target.value)}
        />
      </FormField>
      <CheckList
        legend="接收角色"
        items={targets?.roles ?? []}
        chosen={roleIds}
        onChange={setRoleIds}
      />
      <CheckList
        legend="接收班级（该班任课教师和班主任）"
        items={targets?.classes ?? []}
        chosen={classIds}
        onChange={setClassIds}
      />
    </Dialog>
  );
}
