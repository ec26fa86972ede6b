import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  QUESTION_KINDS,
  examDownloads,
  type QuestionKind,
  type RowError,
} from '@examkit/contracts';
import { Button, Empty, FormField, Select, TextInput } from '@examkit/ui';
import { RowErrors } from '../components/RowErrors';
import { Actions, ErrorText, Note, PageBox, Table, Toolbar } from '../components/styled';
import { useDownload } from '../../common/useDownload';
import { JOINT_COPY_NOTE, useExamPaperSource, type PaperSource } from '../utils/paperSource';
import { KIND_LABELS } from '../utils/examLabels';
import {
  emptyDraft,
  marksOf,
  paperTotal,
  toDrafts,
  toQuestionInputs,
  validatePaper,
  type PaperProblem,
  type QuestionDraft,
} from '../utils/paperDraft';
import { readFileAsBase64 } from '../../common/files';
import { FilePickButton } from '../../common/FilePickButton';
import { RowAction } from '../../common/RowAction';

const kindOptions = QUESTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

interface Loaded {
  setByJoint: boolean;
  examId: number;
  examName: string;
  subjectName: string;
  fullMarks: number;
  editable: boolean;
}

/**
 * /exam/single/question/{examSubjectId}: the paper structure of one subject — questions and
 * sub-questions with number, type, full marks, option count, key, partial credit, knowledge
 * points and abilities — typed in, pasted from a spreadsheet or read from the .xlsx template.
 */
export function PaperStructurePage() {
  const { id } = useParams();
  return <PaperStructureEditor source={useExamPaperSource(Number(id))} />;
}

/**
 * The paper-structure editor over a `PaperSource`: the single exam's page above, and the joint
 * exam's edit page (one structure for every school). `embedded` gives it a level-2 heading.
 */
export function PaperStructureEditor({
  source,
  embedded = false,
}: {
  source: PaperSource;
  embedded?: boolean;
}) {
  const download = useDownload();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [drafts, setDrafts] = useState<QuestionDraft[]>([]);
  const [problems, setProblems] = useState<PaperProblem[]>([]);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [pasted, setPasted] = useState('');
  const [notice, setNotice] = useState('');
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void source.getQuestions().then((r) => {
      if (!r.ok) return;
      setLoaded({
        setByJoint: r.data.setByJoint === true,
        examId: r.data.examId,
        examName: r.data.examName,
        subjectName: r.data.subject.subjectName,
        fullMarks: r.data.subject.fullMarks,
        editable: r.data.paperEditable,
      });
      setDrafts(toDrafts(r.data.questions));
    });
  }, [source]);

  const editable = loaded?.editable ?? false;
  const problemOf = (key: string) => problems.filter((p) => p.key === key).map((p) => p.message);

  function update(key: string, patch: Partial<QuestionDraft>) {
    const apply = (rows: QuestionDraft[]): QuestionDraft[] =>
      rows.map((r) => (r.key === key ? { ...r, ...patch } : { ...r, children: apply(r.children) }));
    setDrafts(apply);
  }
  function remove(key: string) {
    const apply = (rows: QuestionDraft[]): QuestionDraft[] =>
      rows.filter((r) => r.key !== key).map((r) => ({ ...r, children: apply(r.children) }));
    setDrafts(apply);
  }
  function addQuestion() {
    const last = drafts.at(-1);
    const next =
      last && /^\d+$/.test(last.number)
        ? String(Number(last.number) + 1)
        : String(drafts.length + 1);
    setDrafts([...drafts, emptyDraft(next, last?.kind ?? 'single')]);
  }
  function addChild(parent: QuestionDraft) {
    update(parent.key, {
      kind: 'subjective',
      children: [...parent.children, emptyDraft(`(${parent.children.length + 1})`, 'subjective')],
    });
  }

  async function parse(body: { text: string } | { file: string }) {
    setNotice('');
    setRowErrors([]);
    if (!source.parseQuestions) return;
    const r = await source.parseQuestions(body);
    if (!r.ok) return;
    if (r.data.errors.length > 0) {
      setRowErrors(r.data.errors);
      return;
    }
    setDrafts(toDrafts(r.data.questions));
    setProblems([]);
    setNotice(`已读取 ${r.data.questions.length} 道题，请检查后保存`);
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (!/\.xlsx$/i.test(file.name)) {
      setRowErrors([]);
      setNotice('');
      setServerError('请选择 .xlsx 格式的模板文件');
      return;
    }
    setServerError('');
    await parse({ file: await readFileAsBase64(file) });
  }

  async function save() {
    if (!loaded) return;
    setServerError('');
    setNotice('');
    const found = validatePaper(drafts, loaded.fullMarks);
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    const r = await source.saveQuestions(toQuestionInputs(drafts), { successMessage: '保存成功' });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    setDrafts(toDrafts(r.data.questions));
    setNotice('试卷结构已保存');
  }

  const row = (d: QuestionDraft, parent: QuestionDraft | null) => {
    const label = `第${parent ? parent.number : ''}${d.number}题`;
    const isHeading = d.children.length > 0;
    const choice = d.kind === 'single' || d.kind === 'multiple';
    const rowProblems = problemOf(d.key);
    return (
      <tr key={d.key} aria-label={label}>
        <td style={parent ? { paddingLeft: 28 } : undefined}>
          <TextInput
            aria-label={`${label}题号`}
            value={d.number}
            onChange={(e) => update(d.key, { number: e.target.value })}
          />
        </td>
        <td>
          <Select
            label={`${label}题型`}
            value={d.kind}
            style={{ minWidth: 84 }}
            options={kindOptions}
            disabled={isHeading}
            onChange={(e) => {
              const kind = e.target.value as QuestionKind;
              update(d.key, {
                kind,
                optionCount: kind === 'single' || kind === 'multiple' ? d.optionCount || '4' : '',
                partialMarks: kind === 'multiple' ? d.partialMarks : '',
              });
            }}
          />
        </td>
        <td>
          <TextInput
            aria-label={`${label}满分`}
            inputMode="decimal"
            value={isHeading ? String(marksOf(d)) : d.fullMarks}
            readOnly={isHeading}
            aria-invalid={rowProblems.length > 0 || undefined}
            onChange={(e) => update(d.key, { fullMarks: e.target.value })}
          />
        </td>
        <td>
          {choice && !isHeading && (
            <TextInput
              aria-label={`${label}选项数`}
              inputMode="numeric"
              value={d.optionCount}
              onChange={(e) => update(d.key, { optionCount: e.target.value })}
            />
          )}
        </td>
        <td>
          {!isHeading && d.kind !== 'subjective' && (
            <TextInput
              aria-label={`${label}答案`}
              value={d.answer}
              onChange={(e) => update(d.key, { answer: e.target.value })}
            />
          )}
        </td>
        <td>
          {d.kind === 'multiple' && !isHeading && (
            <TextInput
              aria-label={`${label}部分得分`}
              inputMode="decimal"
              value={d.partialMarks}
              onChange={(e) => update(d.key, { partialMarks: e.target.value })}
            />
          )}
        </td>
        <td>
          <TextInput
            aria-label={`${label}知识点`}
            value={d.knowledgePoints}
            onChange={(e) => update(d.key, { knowledgePoints: e.target.value })}
          />
        </td>
        <td>
          <TextInput
            aria-label={`${label}能力`}
            value={d.abilities}
            onChange={(e) => update(d.key, { abilities: e.target.value })}
          />
        </td>
        <td>
          <Actions>
            {!parent && (
              <RowAction
                text="添加小题"
                aria-label={`${label}添加小题`}
                onClick={() => addChild(d)}
              />
            )}
            <RowAction text="删除" aria-label={`删除${label}`} onClick={() => remove(d.key)} />
          </Actions>
          {rowProblems.map((m) => (
            <ErrorText key={m}>{m}</ErrorText>
          ))}
        </td>
      </tr>
    );
  };

  if (!loaded) return <PageBox aria-label="试题设置" />;
  const total = paperTotal(drafts);
  const Heading = embedded ? 'h2' : 'h1';

  return (
    <PageBox aria-labelledby="paper-title">
      <Heading id="paper-title">
        试题设置 · {loaded.examName} · {loaded.subjectName}
      </Heading>
      <Note>
        试卷总分 <strong>{total}</strong> 分 / 科目满分 {loaded.fullMarks} 分 ·
        知识点和能力可用逗号或顿号分隔多个
        {source.examSubjectId !== null && (
          <>
            {' '}
            · <Link to={`/exam/single/edit/${loaded.examId}`}>返回考试</Link>
          </>
        )}
      </Note>
      {!editable && (
        <Note role="status">
          {loaded.setByJoint ? JOINT_COPY_NOTE : '当前考试状态不能修改试卷结构，只能查看。'}
        </Note>
      )}

      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        {editable && source.parseQuestions && (
          <details style={{ marginBottom: 16 }}>
            <summary>从表格导入（粘贴或上传模板）</summary>
            <Toolbar style={{ marginTop: 12 }}>
              <FormField
                id="exam-paper-paste"
                label="粘贴表格内容"
                hint="从 Excel 复制：题号、小题号、题型、满分、选项数、答案、部分得分、知识点、能力"
              >
                <textarea
                  id="exam-paper-paste"
                  aria-describedby="exam-paper-paste-hint"
                  rows={5}
                  cols={80}
                  value={pasted}
                  onChange={(e) => setPasted(e.target.value)}
                  style={{ font: 'inherit' }}
                />
              </FormField>
              <Actions>
                <Button disabled={!pasted.trim()} onClick={() => void parse({ text: pasted })}>
                  解析粘贴内容
                </Button>
                <Button
                  onClick={() => void download(examDownloads.questionTemplate, '试题模板.xlsx')}
                >
                  下载模板
                </Button>
                <FilePickButton
                  label="上传模板"
                  accept=".xlsx"
                  inputLabel="上传试题模板文件"
                  onPick={readFile}
                />
              </Actions>
            </Toolbar>
          </details>
        )}
        <RowErrors
          title={`表格内容有 ${rowErrors.length} 处错误，未读取任何题目`}
          keyLabel="题号"
          errors={rowErrors}
        />

        {drafts.length === 0 ? (
          <Empty />
        ) : (
          <Table aria-label="试卷结构">
            <thead>
              <tr>
                <th scope="col" style={{ width: 90 }}>
                  题号
                </th>
                <th scope="col">题型</th>
                <th scope="col" style={{ width: 80 }}>
                  满分
                </th>
                <th scope="col" style={{ width: 72 }}>
                  选项数
                </th>
                <th scope="col" style={{ width: 90 }}>
                  答案
                </th>
                <th scope="col" style={{ width: 80 }}>
                  部分得分
                </th>
                <th scope="col">知识点</th>
                <th scope="col">能力</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {drafts.flatMap((d) => [row(d, null), ...d.children.map((c) => row(c, d))])}
            </tbody>
          </Table>
        )}
        {problems.some((p) => p.key === null) &&
          problems
            .filter((p) => p.key === null)
            .map((p) => (
              <ErrorText key={p.message} role="alert">
                {p.message}
              </ErrorText>
            ))}
        {problems.length > 0 && (
          <ErrorText role="alert">请修改标出的 {problems.length} 处问题后再保存</ErrorText>
        )}
        {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
        {notice && <Note role="status">{notice}</Note>}
        <Actions style={{ marginTop: 12 }}>
          <Button onClick={addQuestion}>添加题目</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存试卷结构
          </Button>
        </Actions>
      </fieldset>
    </PageBox>
  );
}
