import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { examDownloads, examRoutes } from '@examkit/contracts';
import { AnswerSheetDesigner, type SheetDesign } from '@examkit/answer-sheet/designer';
import { Button } from '@examkit/ui';
import { SubjectPicker } from '../components/SubjectPicker';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { useDownload } from '../../common/useDownload';
import { useApiCall } from '../../common/useApiCall';

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
  const call = useApiCall();
  const download = useDownload();
  const [design, setDesign] = useState<SheetDesign | null>(null);
  const [editable, setEditable] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [identity, setIdentity] = useState<string | null>(null);
  const [examNumberLength, setExamNumberLength] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!examSubjectId) return;
    setDesign(null);
    void call(examRoutes.sheetGet, { examSubjectId }).then((r) => {
      if (!r.ok) {
        setServerError(r.message);
        return;
      }
      setDesign(r.data.design as unknown as SheetDesign);
      setEditable(r.data.editable);
      setSavedAt(r.data.savedAt);
      setIdentity(r.data.identity);
      setExamNumberLength(r.data.examNumberLength);
      setDirty(false);
    });
  }, [call, examSubjectId]);

  async function save() {
    if (!design || !examSubjectId) return;
    setServerError('');
    setSaving(true);
    const r = await call(
      examRoutes.sheetSave,
      {
        examSubjectId,
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

  if (!examSubjectId) {
    return (
      <PageBox aria-labelledby="sheet-title">
        <h1 id="sheet-title">制作答题卡</h1>
        <Note>请选择要制作答题卡的考试科目。</Note>
        <SubjectPicker onPick={(subjectId) => setSearch({ examSubjectId: String(subjectId) })} />
      </PageBox>
    );
  }

  return (
    <PageBox aria-labelledby="sheet-title">
      <h1 id="sheet-title">制作答题卡{design ? ` · ${design.paper.subject}` : ''}</h1>
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
          <Button
            disabled={!design}
            onClick={() => void download(examDownloads.sheetPdf, '答题卡.pdf', { examSubjectId })}
          >
            下载 PDF
          </Button>
        </Actions>
      </Toolbar>
      {!editable && design && (
        <Note role="status">当前考试状态不能修改答题卡，只能查看和下载。</Note>
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
