import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Question } from '@examkit/contracts';
import { Button, Empty, TextInput } from '@examkit/ui';
import { Actions, ErrorText, Note, PageBox, Table } from '../components/styled';
import { JOINT_COPY_NOTE, useExamPaperSource, type PaperSource } from '../utils/paperSource';
import { KIND_LABELS } from '../utils/examLabels';
import { answerProblem, normaliseAnswer } from '../utils/paperDraft';

type Leaf = Omit<Question, 'children'>;

interface Row {
  leaf: Leaf;
  answer: string;
  partialMarks: string;
}

const leavesOf = (questions: readonly Question[]): Leaf[] =>
  questions.flatMap((q) => (q.children.length > 0 ? q.children : [q]));

/**
 * /exam/single/answer/{examSubjectId} and answer-new/{examSubjectId}: the answer key and the
 * multiple-choice partial credit of every objective question. After scanning started a change
 * re-scores the recognised answers (the server bumps the key version).
 */
export function AnswerKeyPage() {
  const { id } = useParams();
  return <AnswerKeyEditor source={useExamPaperSource(Number(id))} />;
}

/**
 * The answer-key editor over a `PaperSource`: the single exam's page above, and the joint exam's
 * edit page (one key for every school). `embedded` gives it a level-2 heading.
 */
export function AnswerKeyEditor({
  source,
  embedded = false,
}: {
  source: PaperSource;
  embedded?: boolean;
}) {
  const [title, setTitle] = useState<{
    examId: number;
    examName: string;
    subjectName: string;
  } | null>(null);
  const [editable, setEditable] = useState(false);
  const [setByJoint, setSetByJoint] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  const fill = (questions: readonly Question[]) =>
    setRows(
      leavesOf(questions)
        .filter((q) => q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge')
        .map((leaf) => ({
          leaf,
          answer: leaf.answer ?? '',
          partialMarks: leaf.partialMarks != null ? String(leaf.partialMarks) : '',
        })),
    );

  useEffect(() => {
    void source.getQuestions().then((r) => {
      if (!r.ok) return;
      setTitle({
        examId: r.data.examId,
        examName: r.data.examName,
        subjectName: r.data.subject.subjectName,
      });
      setEditable(r.data.answerKeyEditable);
      setSetByJoint(r.data.setByJoint === true);
      fill(r.data.questions);
    });
  }, [source]);

  async function save() {
    setServerError('');
    const found: Record<number, string> = {};
    for (const { leaf, answer, partialMarks } of rows) {
      const bad = answerProblem(
        leaf.kind,
        answer,
        leaf.optionCount ?? (leaf.kind === 'judge' ? 2 : 4),
      );
      if (bad) found[leaf.id] = bad;
      else if (partialMarks.trim()) {
        const n = Number(partialMarks);
        if (!Number.isFinite(n) || n <= 0 || n >= leaf.fullMarks)
          found[leaf.id] = '部分得分须大于 0 且小于满分';
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || rows.length === 0) return;
    setSaving(true);
    const r = await source.saveAnswers(
      rows.map(({ leaf, answer, partialMarks }) => ({
        questionId: leaf.id,
        answer: answer.trim() ? normaliseAnswer(leaf.kind, answer) : null,
        ...(leaf.kind === 'multiple'
          ? { partialMarks: partialMarks.trim() ? Number(partialMarks) : null }
          : {}),
      })),
      { successMessage: '答案已保存' },
    );
    setSaving(false);
    if (r.ok) fill(r.data.questions);
    else setServerError(r.message);
  }

  if (!title) return <PageBox aria-label="设置答案" />;
  const Heading = embedded ? 'h2' : 'h1';
  const { examSubjectId } = source;
  return (
    <PageBox aria-labelledby="answer-title">
      <Heading id="answer-title">
        设置答案 · {title.examName} · {title.subjectName}
      </Heading>
      <Note>
        判断题可填 T/F 或 √/×；多选题的部分得分给“选对但不全且无错选”的答案
        {examSubjectId !== null && (
          <>
            {' '}
            · <Link to={`/exam/single/question/${examSubjectId}`}>试题设置</Link> ·{' '}
            <Link to={`/exam/single/edit/${title.examId}`}>返回考试</Link>
          </>
        )}
      </Note>
      {!editable && (
        <Note role="status">
          {setByJoint ? JOINT_COPY_NOTE : '当前考试状态不能修改答案，只能查看。'}
        </Note>
      )}
      {rows.length === 0 ? (
        <Empty text="暂无数据" />
      ) : (
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Table aria-label="客观题答案">
            <thead>
              <tr>
                <th scope="col">题号</th>
                <th scope="col">题型</th>
                <th scope="col">满分</th>
                <th scope="col">选项数</th>
                <th scope="col">答案</th>
                <th scope="col">部分得分</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.leaf.id}>
                  <td>{row.leaf.fullNumber}</td>
                  <td>{KIND_LABELS[row.leaf.kind]}</td>
                  <td>{row.leaf.fullMarks}</td>
                  <td>{row.leaf.optionCount ?? ''}</td>
                  <td>
                    <TextInput
                      aria-label={`第${row.leaf.fullNumber}题答案`}
                      value={row.answer}
                      aria-invalid={Boolean(problems[row.leaf.id]) || undefined}
                      onChange={(e) =>
                        setRows((all) =>
                          all.map((r, j) => (j === i ? { ...r, answer: e.target.value } : r)),
                        )
                      }
                    />
                    {problems[row.leaf.id] && <ErrorText>{problems[row.leaf.id]}</ErrorText>}
                  </td>
                  <td>
                    {row.leaf.kind === 'multiple' && (
                      <TextInput
                        aria-label={`第${row.leaf.fullNumber}题部分得分`}
                        inputMode="decimal"
                        value={row.partialMarks}
                        onChange={(e) =>
                          setRows((all) =>
                            all.map((r, j) =>
                              j === i ? { ...r, partialMarks: e.target.value } : r,
                            ),
                          )
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {Object.keys(problems).length > 0 && (
            <ErrorText role="alert">请修改标出的答案后再保存</ErrorText>
          )}
          {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
          <Actions style={{ marginTop: 12 }}>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存答案
            </Button>
          </Actions>
        </fieldset>
      )}
    </PageBox>
  );
}
