import { useState } from 'react';
import { homeworkRoutes, type HomeworkDetail, type HomeworkTarget } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { CheckGroup, ErrorText, Note, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useHomeworkSetting } from './useHomeworkSetting';

/** `YYYY-MM-DDTHH:mm` of tomorrow at the given time of day, in the browser's time zone. */
export function defaultDue(now: Date, time = '22:00'): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${time}`;
}

export interface AssignPanelProps {
  homework: HomeworkDetail;
  /** The classes and teaching classes the user may assign to. */
  targets: readonly HomeworkTarget[];
  onAssigned(next: HomeworkDetail): void;
  /** The estimated minutes shown first (given when the homework was made from the bank). */
  initialMinutes?: number;
}

/** A target's key in a set of chosen ones: `class:3`, `teachingClass:5`. */
export const targetKey = (t: { kind: string; id: number }) => `${t.kind}:${t.id}`;
const keyOf = targetKey;

/** The ids of the chosen targets of one kind. */
export const chosenIds = (chosen: ReadonlySet<string>, kind: HomeworkTarget['kind']) =>
  [...chosen].filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.slice(kind.length + 1)));

/**
 * The check boxes of classes and teaching classes (教学班) with their student counts, as 布置
 * shows them; the chosen ones by {@link targetKey}.
 */
export function TargetChecks({
  legend,
  targets,
  chosen,
  onChange,
}: {
  legend: string;
  /** Without a student count the box shows the name alone. */
  targets: readonly (Omit<HomeworkTarget, 'studentCount'> & { studentCount?: number })[];
  chosen: ReadonlySet<string>;
  onChange(next: Set<string>): void;
}) {
  return (
    <CheckGroup>
      <legend>{legend}</legend>
      {targets.map((t) => (
        <label key={keyOf(t)}>
          <input
            type="checkbox"
            checked={chosen.has(keyOf(t))}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(keyOf(t));
              else next.delete(keyOf(t));
              onChange(next);
            }}
          />
          {t.name}
          {t.kind === 'teachingClass' ? '（教学班）' : ''}
          {t.studentCount === undefined ? '' : `（${t.studentCount} 人）`}
        </label>
      ))}
    </CheckGroup>
  );
}

/** 预计用时（分钟）: the estimated minutes of a homework, 1 to 240. */
export function MinutesField({ value, onChange }: { value: string; onChange(v: string): void }) {
  return (
    <FormField label="预计用时（分钟）" required>
      <TextInput
        type="number"
        min={1}
        max={240}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/**
 * 布置作业: classes and teaching classes, a due time and an estimated time. Before assigning it
 * asks the server for the day's 双减 totals; past the limit the teacher confirms the warning.
 */
export function AssignPanel({ homework, targets, onAssigned, initialMinutes }: AssignPanelProps) {
  const call = useApiCall();
  const done = new Set(homework.assignments.map(keyOf));
  const open = targets.filter((t) => !done.has(keyOf(t)));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const setting = useHomeworkSetting(homework.gradeId, homework.subjectId);
  // 作业设置's deadline time is the default until the teacher picks a due time (null: not yet).
  const [picked, setPicked] = useState<string | null>(null);
  const due = picked ?? defaultDue(new Date(), setting?.deadlineTime);
  const [minutes, setMinutes] = useState(String(initialMinutes ?? 20));
  const [error, setError] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (homework.writtenRefused)
    return <Note role="status">根据“双减”规定，一、二年级不布置书面作业。</Note>;
  if (setting && !setting.enabled)
    return (
      <Note role="status">
        {setting.gradeName}
        {setting.subjectName}未在“作业设置”中启用作业，暂不能布置。
      </Note>
    );

  const body = () => {
    const picked = open.filter((t) => chosen.has(keyOf(t)));
    return {
      id: homework.id,
      classIds: picked.filter((t) => t.kind === 'class').map((t) => t.id),
      teachingClassIds: picked.filter((t) => t.kind === 'teachingClass').map((t) => t.id),
      dueAt: new Date(due).getTime(),
      estimatedMinutes: Number(minutes),
    };
  };

  async function assign(confirmOverLimit: boolean) {
    setBusy(true);
    const r = await call(
      homeworkRoutes.assign,
      { ...body(), confirmOverLimit },
      { loading: true, errorMessage: false },
    );
    setBusy(false);
    setWarning(null);
    if (!r.ok) return setError(r.message);
    setChosen(new Set());
    onAssigned(r.data);
  }

  async function check() {
    setError('');
    const b = body();
    if (b.classIds.length + b.teachingClassIds.length === 0) return setError('请选择班级或教学班');
    if (!Number.isFinite(b.dueAt)) return setError('请选择截止时间');
    if (!Number.isInteger(b.estimatedMinutes) || b.estimatedMinutes < 1 || b.estimatedMinutes > 240)
      return setError('预计用时为 1–240 分钟的整数');
    const r = await call(homeworkRoutes.assignCheck, b, { errorMessage: false });
    if (!r.ok) return setError(r.message);
    if (r.data.warning) return setWarning(r.data.warning);
    await assign(false);
  }

  return (
    <section aria-labelledby="assign-title">
      <h2 id="assign-title">布置作业</h2>
      {homework.dailyLimit !== null && (
        <Note>
          “双减”：本年级每天书面作业总时长不超过 {homework.dailyLimit}{' '}
          分钟（各科合计），超过时会提醒确认。
        </Note>
      )}
      {open.length === 0 ? (
        <Note>没有可布置的班级。</Note>
      ) : (
        <TargetChecks legend="布置对象" targets={open} chosen={chosen} onChange={setChosen} />
      )}
      <Toolbar>
        <FormField
          label="截止时间"
          required
          {...(setting ? { hint: `默认 ${setting.deadlineTime}（作业设置）` } : {})}
        >
          <TextInput
            type="datetime-local"
            value={due}
            onChange={(e) => {
              setPicked(e.target.value);
            }}
          />
        </FormField>
        <MinutesField value={minutes} onChange={setMinutes} />
        <Button
          type="primary"
          loading={busy}
          disabled={open.length === 0}
          onClick={() => void check()}
        >
          布置
        </Button>
      </Toolbar>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <ConfirmDialog
        open={warning !== null}
        title="作业时长超过“双减”上限"
        confirmLabel="仍要布置"
        loading={busy}
        onCancel={() => setWarning(null)}
        onConfirm={() => void assign(true)}
      >
        {warning}
      </ConfirmDialog>
    </section>
  );
}
