import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { onlineRoutes } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ErrorText, Note, PageBox } from '../components/styled';
import { OnlineSteps } from './OnlineSteps';
import { useOnlineExam } from './useOnlineExam';

/** `YYYY-MM-DDTHH:mm` of a `datetime-local` input, in the browser's time zone. */
export const toLocalInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : NaN);

type Errors = Partial<Record<'startsAt' | 'endsAt' | 'duration', string>>;

/** The checks of the time form; the same rules as the server's. */
export function validateWindow(startsAt: number, endsAt: number, minutes: number): Errors {
  const errors: Errors = {};
  if (!Number.isFinite(startsAt)) errors.startsAt = '请选择开始时间';
  if (!Number.isFinite(endsAt)) errors.endsAt = '请选择结束时间';
  else if (endsAt <= startsAt) errors.endsAt = '结束时间必须晚于开始时间';
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 600)
    errors.duration = '考试时长须为 1 到 600 分钟';
  else if (!errors.endsAt && minutes * 60_000 > endsAt - startsAt)
    errors.duration = '考试时长不能超过开始到结束的时间段';
  return errors;
}

/**
 * /exam/single/Online/createSetTime?id=: when students may start (the window) and how long each
 * may answer once started. A student's time ends at the window's end at the latest.
 */
export function OnlineTimePage() {
  const { id, exam, call, replace } = useOnlineExam();
  const navigate = useNavigate();
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [duration, setDuration] = useState('45');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!exam) return;
    const start = exam.startsAt ?? Math.ceil(Date.now() / 300_000) * 300_000;
    setStartsAt(toLocalInput(start));
    setEndsAt(toLocalInput(exam.endsAt ?? start + 60 * 60_000));
    if (exam.durationMinutes !== null) setDuration(String(exam.durationMinutes));
  }, [exam]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!id) return;
    const start = fromLocalInput(startsAt);
    const end = fromLocalInput(endsAt);
    const minutes = Number(duration);
    const found = validateWindow(start, end, minutes);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r = await call(
      onlineRoutes.saveTime,
      { id, startsAt: start, endsAt: end, durationMinutes: minutes },
      { successMessage: '时间已保存' },
    );
    setSaving(false);
    if (!r.ok) return setServerError(r.message);
    replace(r.data);
    navigate(`/exam/single/Online/edit?id=${id}`);
  }

  return (
    <PageBox aria-labelledby="online-time-title">
      <h1 id="online-time-title">设置时间{exam ? ` · ${exam.name}` : ''}</h1>
      {id && <OnlineSteps id={id} />}
      <Note>开始时间前和结束时间后学生不能进入；学生进入后开始计时，到时自动交卷。</Note>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="考试时间"
        style={{ maxWidth: 480 }}
      >
        {(
          [
            ['开始时间', errors.startsAt, startsAt, setStartsAt],
            ['结束时间', errors.endsAt, endsAt, setEndsAt],
            ['考试时长（分钟）', errors.duration, duration, setDuration],
          ] as const
        ).map(([label, error, value, set]) => (
          <FormField key={label} label={label} required error={error}>
            <TextInput
              {...(set === setDuration
                ? { inputMode: 'numeric' as const }
                : { type: 'datetime-local' })}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          </FormField>
        ))}
        {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
        {exam?.canManage && (
          <Button type="primary" nativeType="submit" loading={saving}>
            保存时间
          </Button>
        )}
      </form>
    </PageBox>
  );
}
