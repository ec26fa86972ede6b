import { Empty } from '@examkit/ui';
import { Note, Table } from './styled';

/** One student of the chosen classes: whether they sit the exam and their 选考 subject codes. */
export interface ParticipantRow {
  studentId: number;
  studentNo: string;
  name: string;
  className: string;
  included: boolean;
  electives: string[];
}

export interface ParticipantsEditorProps {
  rows: readonly ParticipantRow[];
  /** The exam's 选考 subjects. */
  electiveSubjects: readonly { subjectCode: string; subjectName: string }[];
  disabled: boolean;
  onChange(rows: ParticipantRow[]): void;
}

/** The participants of an exam and who takes each 选考 subject (spec 001 §2 "participating classes and students"). */
export function ParticipantsEditor({
  rows,
  electiveSubjects,
  disabled,
  onChange,
}: ParticipantsEditorProps) {
  if (rows.length === 0) return <Empty />;
  const set = (studentId: number, patch: Partial<ParticipantRow>) =>
    onChange(rows.map((r) => (r.studentId === studentId ? { ...r, ...patch } : r)));
  const included = rows.filter((r) => r.included).length;
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <Note>
        已选 {included} / {rows.length} 名考生
        {electiveSubjects.length > 0 ? '；选考科目只由勾选的考生参加' : ''}
      </Note>
      <Table aria-label="考生">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="全部考生参加"
                checked={included === rows.length}
                onChange={(e) => onChange(rows.map((r) => ({ ...r, included: e.target.checked })))}
              />
            </th>
            <th scope="col">学号</th>
            <th scope="col">姓名</th>
            <th scope="col">班级</th>
            {electiveSubjects.map((s) => (
              <th scope="col" key={s.subjectCode}>
                {s.subjectName}（选考）
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.studentId}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${r.name}参加考试`}
                  checked={r.included}
                  onChange={(e) => set(r.studentId, { included: e.target.checked })}
                />
              </td>
              <td>{r.studentNo}</td>
              <td>{r.name}</td>
              <td>{r.className}</td>
              {electiveSubjects.map((s) => (
                <td key={s.subjectCode}>
                  <input
                    type="checkbox"
                    aria-label={`${r.name}选考${s.subjectName}`}
                    disabled={!r.included}
                    checked={r.electives.includes(s.subjectCode)}
                    onChange={(e) =>
                      set(r.studentId, {
                        electives: e.target.checked
                          ? [...r.electives, s.subjectCode]
                          : r.electives.filter((c) => c !== s.subjectCode),
                      })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </fieldset>
  );
}
