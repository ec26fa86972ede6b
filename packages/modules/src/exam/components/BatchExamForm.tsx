import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { administrationRoutes, type ExamType } from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import { useApiCall, type CallOutcome } from '../../common/useApiCall';
import { FormSubmit } from '../../common/FormSubmit';
import { ExamTypeField } from './ExamTypeField';
import { ExamSubjectsEditor, subjectsError, type SubjectRow } from './ExamSubjectsEditor';

/** What every exam-creating batch sends besides its own choice (grades, schools). */
export interface BatchExamBasics {
  idempotencyKey: string;
  name: string;
  examType: ExamType;
  examDate: string;
  subjects: { subjectCode: string; subjectName: string; fullMarks: number }[];
}

type BasicField = 'name' | 'examType' | 'examDate' | 'subjects';

const newKey = () => globalThis.crypto.randomUUID();

/**
 * The state of a form that creates several exams at once (多科考试, 创建联考): name, type, date
 * and the subjects ticked from the school's list, checked with the spec's messages, and one
 * submission key that stays the same until the send succeeds, so sending again never creates twice.
 * `F` names the page's own fields (参考年级, 参考学校), checked by the page.
 */
export function useBatchExamForm<F extends string>(nameLabel: string) {
  const call = useApiCall();
  const [choices, setChoices] = useState<{ code: string; name: string }[]>([]);
  const [name, setName] = useState('');
  const [examType, setExamType] = useState('');
  const [examDate, setExamDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [errors, setErrors] = useState<Partial<Record<F | BasicField, string>>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const [key] = useState(newKey);

  useEffect(() => {
    void call(administrationRoutes.dicGetSubject, {}).then((r) => {
      if (r.ok) setChoices(r.data.map((s) => ({ code: s.code, name: s.name })));
    });
  }, [call]);

  /**
   * Checks the basics and the page's own fields (each its problem or undefined); when all is well sends the basics with
   * `send` and hands the data to `done`, else shows the server's message.
   */
  async function submit<T>(
    event: FormEvent,
    own: Record<F, string | undefined>,
    send: (basics: BatchExamBasics) => Promise<CallOutcome<T>>,
    done: (data: T) => void,
  ) {
    event.preventDefault();
    setServerError('');
    const found: Partial<Record<F | BasicField, string>> = {};
    for (const [k, problem] of Object.entries(own) as [F, string | undefined][])
      if (problem) found[k] = problem;
    if (!name.trim()) found.name = `请输入${nameLabel}`;
    if (!examType) found.examType = '请选择考试类型';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(examDate)) found.examDate = '请选择考试日期';
    const subjectProblem = subjectsError(subjects);
    if (subjectProblem) found.subjects = subjectProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r = await send({
      idempotencyKey: key,
      name: name.trim(),
      examType: examType as ExamType,
      examDate,
      subjects: subjects.map((s) => ({
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: Number(s.fullMarks),
      })),
    });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    done(r.data);
  }

  return {
    nameLabel,
    choices,
    name,
    setName,
    examType,
    setExamType,
    examDate,
    setExamDate,
    subjects,
    setSubjects,
    errors,
    serverError,
    saving,
    submit,
  };
}

type BatchExamForm = ReturnType<typeof useBatchExamForm<string>>;

/** Name, type and date of a batch form: the fields above the page's own choice. */
export function BatchExamBasicsFields({ form }: { form: BatchExamForm }) {
  return (
    <>
      <FormField label={form.nameLabel} required error={form.errors.name}>
        <TextInput
          value={form.name}
          maxLength={100}
          onChange={(e) => form.setName(e.target.value)}
        />
      </FormField>
      <ExamTypeField
        value={form.examType}
        placeholder="请选择"
        required
        error={form.errors.examType}
        onChange={form.setExamType}
      />
      <FormField label="考试日期" required error={form.errors.examDate}>
        <TextInput
          type="date"
          value={form.examDate}
          onChange={(e) => form.setExamDate(e.target.value)}
        />
      </FormField>
    </>
  );
}

/** The subjects (no 选考), the server's message and 创建 / 返回列表 of a batch form. */
export function BatchExamSubjectsAndActions({
  form,
  onBack,
}: {
  form: BatchExamForm;
  onBack: () => void;
}): ReactNode {
  return (
    <>
      <ExamSubjectsEditor
        choices={form.choices}
        subjects={form.subjects}
        onChange={form.setSubjects}
        error={form.errors.subjects}
        elective={false}
      />
      <FormSubmit error={form.serverError} busy={form.saving} label="创建">
        <Button onClick={onBack}>返回列表</Button>
      </FormSubmit>
    </>
  );
}
