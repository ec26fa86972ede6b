import {
  HOMEWORK_QUESTION_TYPE_LABELS,
  HOMEWORK_QUESTION_TYPES,
  type HomeworkQuestion,
  type HomeworkQuestionInput,
  type HomeworkQuestionPoint,
} from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { RowAction } from '../../common/RowAction';
import { Actions, Table } from '../../common/styled';
import { CellInput, CellSelect } from '../../exam/components/styled';
import { QuestionPoints } from './QuestionPoints';

/** A question as edited: marks kept as typed until saved. */
export interface QuestionDraft {
  label: string;
  type: HomeworkQuestionInput['type'];
  answer: string;
  fullMarks: string;
}

export const draftOf = (q: HomeworkQuestionInput): QuestionDraft => ({
  label: q.label,
  type: q.type,
  answer: q.answer ?? '',
  fullMarks: String(q.fullMarks),
});

/** The drafts as the split-confirm call takes them (the server checks and explains). */
export const inputOf = (d: QuestionDraft): HomeworkQuestionInput => ({
  label: d.label.trim(),
  type: d.type,
  answer: d.type === 'objective' ? d.answer.trim() || null : null,
  fullMarks: Number(d.fullMarks) || 0,
});

/** The next question after the last: its number plus one, the same type and marks. */
export function nextDraft(list: readonly QuestionDraft[], type: QuestionDraft['type']) {
  const numbers = list.map((q) => Number.parseInt(q.label, 10)).filter(Number.isFinite);
  const label = String((numbers.length ? Math.max(...numbers) : 0) + 1);
  return { label, type, answer: '', fullMarks: type === 'objective' ? '5' : '10' };
}

/** The 知识点 column: the saved questions' points, tagged one question at a time. */
export interface QuestionEditorPoints {
  homeworkId: number;
  /** The questions as saved: a row shows its points while it is the saved question of its place. */
  saved: readonly HomeworkQuestion[];
  /** Whether the points may be tagged here (not for homework from the bank). */
  editable: boolean;
  onSaved(no: number, points: HomeworkQuestionPoint[]): void;
}

export interface QuestionEditorProps {
  questions: QuestionDraft[];
  readOnly: boolean;
  onChange(next: QuestionDraft[]): void;
  /** Shows the 知识点 column. */
  points?: QuestionEditorPoints;
}

/** The question list of a paper as a table the teacher edits: 题号, 题型, 答案, 满分 (, 知识点). */
export function QuestionEditor({ questions, readOnly, onChange, points }: QuestionEditorProps) {
  const set = (i: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const total = questions.reduce((sum, q) => sum + (Number(q.fullMarks) || 0), 0);
  return (
    <>
      <Table aria-label="题目列表">
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">题号</th>
            <th scope="col">题型</th>
            <th scope="col">答案</th>
            <th scope="col">满分</th>
            {points && <th scope="col">知识点</th>}
            {!readOnly && <th scope="col">操作</th>}
          </tr>
        </thead>
        <tbody>
          {questions.map((q, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                <CellInput
                  aria-label={`第 ${i + 1} 题题号`}
                  value={q.label}
                  readOnly={readOnly}
                  maxLength={16}
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              </td>
              <td>
                <CellSelect
                  aria-label={`第 ${i + 1} 题题型`}
                  value={q.type}
                  disabled={readOnly}
                  onChange={(e) =>
                    set(i, { type: e.target.value as QuestionDraft['type'], answer: '' })
                  }
                >
                  {HOMEWORK_QUESTION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {HOMEWORK_QUESTION_TYPE_LABELS[t]}
                    </option>
                  ))}
                </CellSelect>
              </td>
              <td>
                {q.type === 'objective' ? (
                  <CellInput
                    aria-label={`第 ${i + 1} 题答案`}
                    value={q.answer}
                    readOnly={readOnly}
                    maxLength={16}
                    placeholder="如 A、BD、对"
                    onChange={(e) => set(i, { answer: e.target.value })}
                  />
                ) : (
                  '老师批改'
                )}
              </td>
              <td>
                <CellInput
                  aria-label={`第 ${i + 1} 题满分`}
                  value={q.fullMarks}
                  readOnly={readOnly}
                  inputMode="decimal"
                  onChange={(e) => set(i, { fullMarks: e.target.value })}
                />
              </td>
              {points && <td>{pointsCell(points, q, i)}</td>}
              {!readOnly && (
                <td>
                  <RowAction
                    text="删除"
                    of={`第 ${i + 1} 题`}
                    onClick={() => onChange(questions.filter((_, j) => j !== i))}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <p aria-live="polite">
        共 {questions.length} 题，满分 {total} 分
      </p>
      {!readOnly && (
        <Actions>
          <Button onClick={() => onChange([...questions, nextDraft(questions, 'objective')])}>
            添加客观题
          </Button>
          <Button onClick={() => onChange([...questions, nextDraft(questions, 'subjective')])}>
            添加主观题
          </Button>
        </Actions>
      )}
    </>
  );
}

/** A row's points: those of the saved question in its place with its 题号, else a hint to save. */
function pointsCell(points: QuestionEditorPoints, draft: QuestionDraft, i: number) {
  const saved = points.saved[i];
  if (!saved || saved.no !== i + 1 || saved.label !== draft.label.trim()) return '保存题目后可标注';
  return (
    <QuestionPoints
      homeworkId={points.homeworkId}
      questionNo={saved.no}
      name={`第 ${i + 1} 题`}
      points={saved.points}
      editable={points.editable}
      onSaved={(list) => points.onSaved(saved.no, list)}
    />
  );
}
