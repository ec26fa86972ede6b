import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  resourceProcessRoutes as r,
  type ImportDetail,
  type ImportQuestion,
} from '@examkit/contracts';
import { Button, Empty, LOADING_TEXT, themeOf } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { Note, PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useSchoolChoices } from '../../common/useSchoolChoices';
import { STATE_NAMES } from './ProcessPage';
import { QuestionEditor } from './QuestionEditor';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
  gap: 16px;
  align-items: start;
`;

const Source = styled.section`
  position: sticky;
  top: 0;
  max-height: 80vh;
  overflow: auto;
  padding: 12px 16px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  line-height: 1.7;
  img {
    max-width: 100%;
  }
  table {
    border-collapse: collapse;
  }
  td {
    border: 1px solid ${(p) => themeOf(p).colors.border};
    padding: 2px 8px;
  }
`;

const Plain = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
`;

/** /resource/process/process-detail?id=: the split questions beside the paper, then 确认入库. */
export function ProcessDetailPage() {
  const call = useApiCall();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const { subjects } = useSchoolChoices('');
  const [detail, setDetail] = useState<ImportDetail | null>(null);
  const [questions, setQuestions] = useState<ImportQuestion[]>([]);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (d: ImportDetail) => {
    setDetail(d);
    setQuestions(d.questions);
  };
  const load = useCallback(async () => {
    if (!id) return setMissing(true);
    const result = await call(r.detail, { importId: id }, { dedupe: false });
    if (result.ok) show(result.data);
    else setMissing(true);
  }, [call, id]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (message?: string) => {
    const result = await call(
      r.save,
      { importId: id, questions },
      message ? { successMessage: message } : {},
    );
    if (result.ok) show(result.data);
    return result.ok;
  };

  const confirm = async () => {
    setBusy(true);
    try {
      if (!(await save())) return;
      const result = await call(r.confirm, { importId: id }, { successMessage: '已确认入库' });
      if (result.ok) await load();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (missing) return <Empty text="加工记录不存在" />;
  if (!detail) return <p>{LOADING_TEXT}</p>;
  const imported = detail.summary.state === 'imported';
  return (
    <PageBox aria-labelledby="process-detail-title">
      <h1 id="process-detail-title">加工详情：{detail.summary.fileName}</h1>
      <Toolbar>
        <span>
          状态：{STATE_NAMES[detail.summary.state]}，共 {questions.length} 题
        </span>
        <Spacer />
        <Link to="/resource/process">返回资源加工</Link>
        {!imported && (
          <>
            <Button onClick={() => void save('修改已保存')}>保存修改</Button>
            <Button type="primary" onClick={() => setConfirming(true)}>
              确认入库
            </Button>
          </>
        )}
      </Toolbar>
      {imported && (
        <Note role="status">
          已入库 {detail.summary.questionIds.length} 道试题，可在校本题库中查看。
        </Note>
      )}
      <Columns>
        <Source aria-label="试卷原文" tabIndex={0}>
          <h2>试卷原文</h2>
          {/* Built by the server from the parsed document with every text escaped (word2html). */}
          <div dangerouslySetInnerHTML={{ __html: detail.html }} />
        </Source>
        <section aria-label="拆分结果">
          <h2>拆分结果</h2>
          <Plain disabled={imported} aria-label="拆分出的试题">
            {questions.map((q, i) => (
              <QuestionEditor
                key={`${q.number}-${i}`}
                value={q}
                subjects={subjects}
                onChange={(next) => setQuestions(questions.map((old, j) => (j === i ? next : old)))}
              />
            ))}
          </Plain>
        </section>
      </Columns>
      <ConfirmDialog
        open={confirming}
        title="确认入库"
        confirmLabel="确认入库"
        loading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        {questions.length} 道试题将加入校本题库，入库后不能再在这里修改。
      </ConfirmDialog>
    </PageBox>
  );
}
