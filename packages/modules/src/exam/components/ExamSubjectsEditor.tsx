import { TextInput } from '@examkit/ui';
import { CheckGroup, ErrorText, Note, Table } from './styled';

/** A subject of the exam form, full marks as typed. */
export interface SubjectRow {
  id?: number;
  subjectCode: string;
  subjectName: string;
  fullMarks: string;
  elective: boolean;
}

/** Why the subjects cannot be sent, or undefined. */
export function subjectsError(subjects: readonly SubjectRow[]): string | undefined {
  if (subjects.length === 0) return '请至少选择一个科目';
  const bad = subjects.some((s) => {
    const marks = Number(s.fullMarks);
    return !s.fullMarks.trim() || !Number.isFinite(marks) || marks <= 0 || marks > 1000;
  });
  return bad ? '每个科目的满分须为 0 到 1000 之间的数' : undefined;
}

export interface ExamSubjectsEditorProps {
  /** The school's subjects to tick. */
  choices: readonly { code: string; name: string }[];
  subjects: readonly SubjectRow[];
  onChange(subjects: SubjectRow[]): void;
  disabled?: boolean;
  error?: string | undefined;
  /** Offer 选考 per subject. @default true */
  elective?: boolean;
}

/** The subjects of an exam: ticked from the school's list, each with its full marks (and 选考). */
export function ExamSubjectsEditor({
  choices,
  subjects,
  onChange,
  disabled = false,
  error,
  elective = true,
}: ExamSubjectsEditorProps) {
  const toggle = (code: string, subjectName: string, checked: boolean) =>
    onChange(
      checked
        ? [...subjects, { subjectCode: code, subjectName, fullMarks: '100', elective: false }]
        : subjects.filter((s) => s.subjectCode !== code),
    );
  const edit = (i: number, change: Partial<SubjectRow>) =>
    onChange(subjects.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <>
      <CheckGroup disabled={disabled} aria-describedby={error ? 'exam-subjects-error' : undefined}>
        <legend>考试科目（勾选后填写满分）</legend>
        {choices.map((s) => (
          <label key={s.code}>
            <input
              type="checkbox"
              checked={subjects.some((row) => row.subjectCode === s.code)}
              onChange={(e) => toggle(s.code, s.name, e.target.checked)}
            />
            {s.name}
          </label>
        ))}
        {choices.length === 0 && <Note>暂无数据</Note>}
      </CheckGroup>
      {subjects.length > 0 && (
        <Table aria-label="科目满分" style={{ marginBottom: 18 }}>
          <thead>
            <tr>
              <th scope="col">科目</th>
              <th scope="col">满分</th>
              {elective && <th scope="col">选考</th>}
            </tr>
          </thead>
          <tbody>
            {subjects.map((s, i) => (
              <tr key={s.subjectCode}>
                <td>{s.subjectName}</td>
                <td>
                  <TextInput
                    aria-label={`${s.subjectName}满分`}
                    inputMode="decimal"
                    value={s.fullMarks}
                    disabled={disabled}
                    onChange={(e) => edit(i, { fullMarks: e.target.value })}
                  />
                </td>
                {elective && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${s.subjectName}为选考科目`}
                      checked={s.elective}
                      disabled={disabled}
                      onChange={(e) => edit(i, { elective: e.target.checked })}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {error && (
        <ErrorText id="exam-subjects-error" role="alert">
          {error}
        </ErrorText>
      )}
    </>
  );
}
