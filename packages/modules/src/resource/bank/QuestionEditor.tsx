import { useMemo, useRef, useState } from 'react';
import {
  resourceQuestionRoutes as R,
  type BankQuestionInput,
  type BankQuestionItem,
  type KnowledgeNode,
  type ResourceStage,
} from '@examkit/contracts';
import {
  bankQuestionInputOf,
  DIFFICULTIES,
  QUESTION_TYPE_KEYS,
  QUESTION_TYPES,
} from '@examkit/contracts/rules';
import { styled } from 'styled-components';
import { Button, Dialog, FormField, Select, TextInput, themeOf } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { Actions } from '../../common/styled';
import { QuestionView, optionLetter } from '../components/QuestionView';
import { cleaned, emptyQuestion, hasOptions, previewOf, problemOf } from './editorState';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
`;
const Area = styled.textarea`
  width: 100%;
  min-height: 72px;
  box-sizing: border-box;
  padding: 6px 8px;
  font: inherit;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
`;
const Field = styled.label`
  display: grid;
  gap: 4px;
  margin-bottom: 12px;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
const Box = styled.fieldset`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  margin: 0 0 12px;
  padding: 8px 12px;
`;
const Preview = styled.section`
  border-left: 1px solid ${(p) => themeOf(p).colors.border};
  padding-left: 16px;
`;
const ErrorLine = styled.p`
  color: ${(p) => themeOf(p).colors.danger};
  margin: 0 8px 0 0;
`;

const SUB_TYPES = ['single', 'multiple', 'blank', 'judge', 'answer'] as const;

export interface QuestionEditorProps {
  /** The question to edit, or null to add one. */
  question: BankQuestionItem | null;
  subjectCode: string;
  stage: 1 | 2 | 3;
  stages: readonly ResourceStage[];
  points: readonly KnowledgeNode[];
  onClose(): void;
  /** After a save, with the question's id. */
  onSaved(id: number): void;
}

/**
 * 录入试题 / 编辑试题: type-dependent fields (options for choice questions, sub-questions for
 * 综合题), knowledge points, and a live preview with formulas as the list will show it.
 */
export function QuestionEditor(props: QuestionEditorProps) {
  const { question, subjectCode, stage, stages, points, onClose, onSaved } = props;
  const call = useApiCall();
  const [form, setForm] = useState<BankQuestionInput>(() =>
    question ? bankQuestionInputOf(question) : emptyQuestion(subjectCode, stage),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const requestId = useRef(`q-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const set = (patch: Partial<BankQuestionInput>) => setForm((f) => ({ ...f, ...patch }));
  const names = useMemo(() => new Map(points.map((p) => [p.id, p.name])), [points]);
  const grades = stages.find((s) => s.stage === form.stage)?.grades ?? [];

  async function save() {
    const problem = problemOf(form);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const body = cleaned(form);
    const r = question
      ? await call(
          R.questionUpdate,
          { id: question.id, version: question.version, question: body },
          { successMessage: '保存成功' },
        )
      : await call(
          R.questionAdd,
          { question: body, requestId: requestId.current },
          { successMessage: '保存成功' },
        );
    setSaving(false);
    if (r.ok) onSaved(question ? question.id : (r.data as { id: number }).id);
  }

  const optionFields = (options: string[], change: (options: string[]) => void, label: string) => (
    <Box>
      <legend>{label}</legend>
      {options.map((o, i) => (
        <Row key={i}>
          <Field style={{ flex: 1 }}>
            {`${label}${optionLetter(i)}`}
            <TextInput
              value={o}
              onChange={(e) => change(options.map((x, k) => (k === i ? e.target.value : x)))}
            />
          </Field>
          <Button
            size="small"
            aria-label={`删除${label}${optionLetter(i)}`}
            disabled={options.length <= 2}
            onClick={() => change(options.filter((_, k) => k !== i))}
          >
            删除
          </Button>
        </Row>
      ))}
      <Button size="small" disabled={options.length >= 8} onClick={() => change([...options, ''])}>
        添加选项
      </Button>
    </Box>
  );

  return (
    <Dialog
      open
      width={1000}
      title={question ? '编辑试题' : '录入试题'}
      onClose={onClose}
      footer={
        <Actions>
          {error && <ErrorLine role="alert">{error}</ErrorLine>}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Actions>
      }
    >
      <Columns>
        <div>
          <Row>
            <FormField label="题型">
              <Select
                value={form.type}
                options={QUESTION_TYPE_KEYS.map((k) => ({ value: k, label: QUESTION_TYPES[k] }))}
                onChange={(e) => set({ type: e.target.value as BankQuestionInput['type'] })}
              />
            </FormField>
            <FormField label="难度">
              <Select
                value={form.difficulty}
                options={DIFFICULTIES.map((d, i) => ({ value: i + 1, label: d }))}
                onChange={(e) => set({ difficulty: Number(e.target.value) })}
              />
            </FormField>
            <FormField label="年级">
              <Select
                value={form.gradeNum ?? ''}
                placeholder="不限"
                options={grades.map((g) => ({ value: g.gradeNum, label: g.gradeName }))}
                onChange={(e) => set({ gradeNum: e.target.value ? Number(e.target.value) : null })}
              />
            </FormField>
          </Row>
          <Field>
            题干（公式写在 $…$ 之间）
            <Area value={form.stem} onChange={(e) => set({ stem: e.target.value })} />
          </Field>
          {hasOptions(form.type) &&
            optionFields(form.options, (options) => set({ options }), '选项')}
          {form.type === 'composite' && (
            <Box>
              <legend>小题</legend>
              {form.children.map((c, i) => {
                const change = (patch: Partial<typeof c>) =>
                  set({
                    children: form.children.map((x, k) => (k === i ? { ...x, ...patch } : x)),
                  });
                return (
                  <Box key={i}>
                    <legend>第 {i + 1} 小题</legend>
                    <FormField label={`第 ${i + 1} 小题题型`}>
                      <Select
                        value={c.type}
                        options={SUB_TYPES.map((k) => ({ value: k, label: QUESTION_TYPES[k] }))}
                        onChange={(e) =>
                          change({
                            type: e.target.value as (typeof SUB_TYPES)[number],
                            options: hasOptions(e.target.value) ? ['', '', '', ''] : [],
                          })
                        }
                      />
                    </FormField>
                    <Field>
                      第 {i + 1} 小题题干
                      <Area value={c.stem} onChange={(e) => change({ stem: e.target.value })} />
                    </Field>
                    {hasOptions(c.type) &&
                      optionFields(
                        c.options,
                        (options) => change({ options }),
                        `第${i + 1}小题选项`,
                      )}
                    <Field>
                      第 {i + 1} 小题答案
                      <TextInput
                        value={c.answer}
                        onChange={(e) => change({ answer: e.target.value })}
                      />
                    </Field>
                    <Button
                      size="small"
                      onClick={() => set({ children: form.children.filter((_, k) => k !== i) })}
                    >
                      删除第 {i + 1} 小题
                    </Button>
                  </Box>
                );
              })}
              <Button
                size="small"
                onClick={() =>
                  set({
                    children: [
                      ...form.children,
                      { type: 'blank', stem: '', options: [], answer: '', analysis: '' },
                    ],
                  })
                }
              >
                添加小题
              </Button>
            </Box>
          )}
          <Field>
            答案
            <Area value={form.answer} onChange={(e) => set({ answer: e.target.value })} />
          </Field>
          <Field>
            解析
            <Area value={form.analysis} onChange={(e) => set({ analysis: e.target.value })} />
          </Field>
          <Box>
            <legend>知识点</legend>
            {points.length === 0 && <p>该学科暂无知识点</p>}
            {points.map((p) => (
              <label key={p.id} style={{ display: 'inline-flex', gap: 4, marginRight: 12 }}>
                <input
                  type="checkbox"
                  checked={form.pointIds.includes(p.id)}
                  onChange={(e) =>
                    set({
                      pointIds: e.target.checked
                        ? [...form.pointIds, p.id]
                        : form.pointIds.filter((id) => id !== p.id),
                    })
                  }
                />
                {p.name}
              </label>
            ))}
          </Box>
          <Row>
            <FormField label="来源">
              <TextInput
                value={form.source}
                maxLength={100}
                onChange={(e) => set({ source: e.target.value })}
              />
            </FormField>
            <FormField label="年份">
              <TextInput
                type="number"
                value={form.year ?? ''}
                onChange={(e) => set({ year: e.target.value ? Number(e.target.value) : null })}
              />
            </FormField>
          </Row>
        </div>
        <Preview aria-label="预览">
          <h2>预览</h2>
          <QuestionView question={previewOf(form, names)} withAnswer label="试题预览" />
        </Preview>
      </Columns>
    </Dialog>
  );
}
