import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { examDownloads } from '@examkit/contracts';
import { AnswerSheetDesigner, type SheetDesign } from '@examkit/answer-sheet/designer';
import { Button } from '@examkit/ui';
import { SubjectPicker } from '../components/SubjectPicker';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { useDownload } from '../../common/useDownload';
import { JOINT_COPY_NOTE, useExamPaperSource, type PaperSource } from '../utils/paperSource';

const timeOf = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/**
 * /exam/single/create_answer_sheet, /card/create, /card/create-v2 and /card/stand
 * (`?examSubjectId=`): the answer-sheet designer over the subject's stored paper; saving
 * stores settings and overrides on the exam subject, and the PDF is the server's layout. The
 * preview shows the saved sheet's QR code (its identity from the server) until the next edit.
 */
export function AnswerSheetPage() {
  const [search, setSearch] = useSearchParams();
  const examSubjectId = Number(search.get('examSubjectId')) || null;
  if (!examSubjectId) {
    return (
      <PageBox aria-labelledby="sheet-title">
        <h1 id="sheet-title">制作答题卡</h1>
        <Note>请选择要制作答题卡的考试科目。</Note>
        <SubjectPicker onPick={(subjectId) => setSearch({ examSubjectId: String(subjectId) })} />
      </PageBox>
    );
  }
  return <ExamSheet examSubjectId={examSubjectId} />;
}

function ExamSheet({ examSubjectId }: { examSubjectId: number }) {
  return <AnswerSheetEditor source={useExamPaperSource(examSubjectId)} />;
}

/**
 * The answer-sheet designer over a `PaperSource`: a single exam's subject (with its PDF), or a
 * joint exam's subject saved for every school (each school downloads its own sheet, which carries
 * its own code). `embedded` gives it a level-2 heading.
 */
export function AnswerSheetEditor({
  source,
  embedded = false,
}: {
  source: PaperSource;
  embedded?: boolean;
}) {
  const { examSubjectId } = source;
  const download = useDownload();
  const [design, setDesign] = useState<SheetDesign | null>(null);
  const [editable, setEditable] = useState(false);
  const [setByJoint, setSetByJoint] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [identity, setIdentity] = useState<string | null>(null);
  const [examNumberLength, setExamNumberLength] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDesign(null);
    void source.getSheet().then((r) => {
      if (!r.ok) {
        setServerError(r.message);
        return;
      }
      setDesign(r.data.design as unknown as SheetDesign);
      setEditable(r.data.editable);
      setSetByJoint(r.data.setByJoint === true);
      setSavedAt(r.data.savedAt);
      setIdentity(r.data.identity);
      setExamNumberLength(r.data.examNumberLength);
      setDirty(false);
    });
  }, [source]);

  async function save() {
    if (!design) return;
    setServerError('');
    setSaving(true);
    const r = await source.saveSheet(
      {
        settings: design.settings as Record<string, unknown>,
        overrides: design.overrides as unknown as Record<string, unknown>,
      },
      { successMessage: '答题卡已保存' },
    );
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    setSavedAt(r.data.savedAt);
    setIdentity(r.data.identity);
    setDirty(false);
  }

  const Heading = embedded ? 'h2' : 'h1';
  return (
    <PageBox aria-labelledby="sheet-title">
      <Heading id="sheet-title">制作答题卡{design ? ` · ${design.paper.subject}` : ''}</Heading>
      <Toolbar>
        <Note role="status" style={{ margin: 0 }}>
          {savedAt ? `已保存于 ${timeOf(savedAt)}` : '尚未保存（下载的是默认样式）'}
          {dirty ? '，有未保存的修改' : ''}
        </Note>
        <Actions>
          <Button
            type="primary"
            loading={saving}
            disabled={!design || !editable}
            onClick={() => void save()}
          >
            保存答题卡
          </Button>
          {examSubjectId !== null && (
            <Button
              disabled={!design}
              onClick={() => void download(examDownloads.sheetPdf, '答题卡.pdf', { examSubjectId })}
            >
              下载 PDF
            </Button>
          )}
        </Actions>
      </Toolbar>
      {examSubjectId === null && (
        <Note>
          保存后每所学校的本校考试都有这份答题卡，各校在本校考试的答题卡页面下载本校的
          PDF（带本校的识别码）。
        </Note>
      )}
      {!editable && design && (
        <Note role="status">
          {examSubjectId === null
            ? '已有学校开始扫描，答题卡不能再修改，只能查看。'
            : setByJoint
              ? JOINT_COPY_NOTE
              : '当前考试状态不能修改答题卡，只能查看和下载。'}
        </Note>
      )}
      {dirty && <Note>下载的 PDF 为最近一次保存的答题卡，请先保存修改。</Note>}
      {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
      {design && (
        <section aria-label="答题卡设计">
          <AnswerSheetDesigner
            value={design}
            // The saved sheet's code; unsaved edits may change it, so they preview the sample.
            identity={dirty ? undefined : (identity ?? undefined)}
            examNumberLength={examNumberLength || undefined}
            onChange={(next) => {
              setDesign(next);
              setDirty(true);
            }}
          />
        </section>
      )}
    </PageBox>
  );
}
