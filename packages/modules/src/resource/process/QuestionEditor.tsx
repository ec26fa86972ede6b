import { useId } from 'react';
import { styled } from 'styled-components';
import {
  DIFFICULTIES,
  QUESTION_TYPES,
  stageOfGrade,
  type BankQuestionInput,
  type BankQuestionType,
  type ImportQuestion,
} from '@examkit/contracts';
import { GRADES } from '@examkit/contracts/rules';
import { FormField, Select, TextInput, themeOf } from '@examkit/ui';
import { QuestionView } from '../components/QuestionView';

const Box = styled.fieldset`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
  padding: 12px 16px;
  margin: 0 0 16px;
  display: grid;
  gap: 10px;
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    font: inherit;
    padding: 6px 8px;
    color: ${(p) => themeOf(p).colors.text};
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 10px;
`;

const Child = styled.div`
  border-left: 3px solid ${(p) => themeOf(p).colors.border};
  padding-left: 12px;
  display: grid;
  gap: 8px;
`;

/** A textarea with its visible label. */
function Area(p: { label: string; value: string; rows?: number; onChange(v: string): void }) {
  const id = useId();
  return (
    <FormField label={p.label} id={id}>
      <textarea
        id={id}
        rows={p.rows ?? 2}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </FormField>
  );
}

/** The question as the bank will show it (formulas typeset), from what is being edited. */
const previewOf = (q: BankQuestionInput, number: number) => ({
  ...q,
  id: number,
  bank: 'school' as const,
  gradeNum: q.gradeNum,
  points: [],
  children: q.children.map((c, i) => ({ ...c, id: number * 100 + i })),
  version: 1,
  updatedAt: 0,
});

const CHOICE = new Set<BankQuestionType>(['single', 'multiple']);
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export interface QuestionEditorProps {
  value: ImportQuestion;
  subjects: { code: string; name: string }[];
  onChange(value: ImportQuestion): void;
}

/** One split question of a Word paper, every field editable before 确认入库. */
export function QuestionEditor({ value, subjects, onChange }: QuestionEditorProps) {
  const q = value.question;
  const set = (patch: Partial<BankQuestionInput>) =>
    onChange({ ...value, question: { ...q, ...patch } });
  const setChild = (i: number, patch: Partial<BankQuestionInput['children'][number]>) =>
    set({ children: q.children.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Box aria-label={`第 ${value.number} 题`}>
      <legend>
        第 {value.number} 题{value.section ? `（${value.section}）` : ''}
      </legend>
      <Row>
        <FormField label="题型">
          <Select
            value={q.type}
            options={Object.entries(QUESTION_TYPES).map(([v, label]) => ({ value: v, label }))}
            onChange={(e) => set({ type: e.target.value as BankQuestionType })}
          />
        </FormField>
        <FormField label="学科">
          <Select
            value={q.subjectCode}
            options={subjects.map((s) => ({ value: s.code, label: s.name }))}
            onChange={(e) => set({ subjectCode: e.target.value })}
          />
        </FormField>
        <FormField label="年级">
          <Select
            value={q.gradeNum ?? ''}
            options={GRADES.map((name, i) => ({ value: i + 1, label: name }))}
            onChange={(e) => {
              const gradeNum = Number(e.target.value);
              set({ gradeNum, stage: stageOfGrade(gradeNum) });
            }}
          />
        </FormField>
        <FormField label="难度">
          <Select
            value={q.difficulty}
            options={DIFFICULTIES.map((label, i) => ({ value: i + 1, label }))}
            onChange={(e) => set({ difficulty: Number(e.target.value) })}
          />
        </FormField>
        <FormField label="分值">
          <TextInput
            type="number"
            min={0}
            value={value.points ?? ''}
            onChange={(e) =>
              onChange({ ...value, points: e.target.value === '' ? null : Number(e.target.value) })
            }
          />
        </FormField>
      </Row>
      <Area label="题干" rows={3} value={q.stem} onChange={(stem) => set({ stem })} />
      {CHOICE.has(q.type) && (
        <Area
          label="选项（每行一个）"
          rows={4}
          value={q.options.join('\n')}
          onChange={(text) => set({ options: linesOf(text) })}
        />
      )}
      {q.type !== 'composite' && (
        <Area label="答案" value={q.answer} onChange={(answer) => set({ answer })} />
      )}
      <Area label="解析" value={q.analysis} onChange={(analysis) => set({ analysis })} />
      {q.children.map((c, i) => (
        <Child key={i} role="group" aria-label={`第 ${value.number} 题 第 ${i + 1} 小题`}>
          <Area
            label={`小题（${i + 1}）题干`}
            value={c.stem}
            onChange={(stem) => setChild(i, { stem })}
          />
          {c.options.length > 0 && (
            <Area
              label={`小题（${i + 1}）选项（每行一个）`}
              value={c.options.join('\n')}
              onChange={(text) => setChild(i, { options: linesOf(text) })}
            />
          )}
          <Area
            label={`小题（${i + 1}）答案`}
            value={c.answer}
            onChange={(answer) => setChild(i, { answer })}
          />
        </Child>
      ))}
      <details>
        <summary>预览第 {value.number} 题</summary>
        <QuestionView
          question={previewOf(q, value.number)}
          withAnswer
          label={`第 ${value.number} 题预览`}
        />
      </details>
    </Box>
  );
}
