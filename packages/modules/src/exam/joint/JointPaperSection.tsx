import { lazy, Suspense, useState } from 'react';
import { Button, Select } from '@examkit/ui';
import { LOADING_TEXT } from '@examkit/ui';
import { PaperStructureEditor } from '../pages/PaperStructurePage';
import { AnswerKeyEditor } from '../pages/AnswerKeyPage';
import { Actions, Note } from '../components/styled';
import { useJointPaperSource } from './useJointPaperSource';

// The designer is large: it loads when the organiser opens 答题卡.
const AnswerSheetEditor = lazy(() =>
  import('../pages/AnswerSheetPage').then((m) => ({ default: m.AnswerSheetEditor })),
);

const PARTS = [
  { value: 'structure', label: '试卷结构' },
  { value: 'answers', label: '答案' },
  { value: 'sheet', label: '答题卡' },
] as const;
type Part = (typeof PARTS)[number]['value'];

interface Props {
  jointExamId: number;
  subjects: readonly { subjectCode: string; subjectName: string }[];
  /** Changes when the structure was saved elsewhere on the page (the quick form): reload. */
  version: number;
}

/**
 * The organiser's paper of a joint exam (docs/joint-exams.md#paper): the single exam's
 * paper-structure editor, answer-key page and answer-sheet designer over the joint exam, each
 * save written to every school's exam.
 */
export function JointPaperSection({ jointExamId, subjects, version }: Props) {
  const [subjectCode, setSubjectCode] = useState(subjects[0]?.subjectCode ?? '');
  const [part, setPart] = useState<Part>('structure');
  const source = useJointPaperSource(jointExamId, subjectCode);
  if (!subjectCode) return null;
  const key = `${source.key}-${version}`;
  return (
    <section aria-labelledby="joint-paper-title">
      <h2 id="joint-paper-title">试卷、答案和答题卡</h2>
      <Note>
        在这里设置一次，保存时同时写入每所学校的本校考试；任何一所学校开始扫描后不能再修改答案和答题卡。
      </Note>
      <Actions>
        {subjects.length > 1 && (
          <Select
            label="科目"
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => setSubjectCode(e.target.value)}
          />
        )}
        <div role="group" aria-label="设置内容">
          {PARTS.map((p) => (
            <Button
              key={p.value}
              type={part === p.value ? 'primary' : 'default'}
              aria-pressed={part === p.value}
              onClick={() => setPart(p.value)}
            >
              {p.label}
            </Button>
          ))}
        </div>
      </Actions>
      {part === 'structure' && <PaperStructureEditor key={key} source={source} embedded />}
      {part === 'answers' && <AnswerKeyEditor key={key} source={source} embedded />}
      {part === 'sheet' && (
        <Suspense fallback={<Note>{LOADING_TEXT}</Note>}>
          <AnswerSheetEditor key={key} source={source} embedded />
        </Suspense>
      )}
    </section>
  );
}
