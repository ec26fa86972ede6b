import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  HOMEWORK_QUESTION_TYPE_LABELS,
  HOMEWORK_STATE_LABELS,
  homeworkPaperRoutes as P,
  homeworkRoutes,
  type HomeworkDetail,
  type PaperRecord,
} from '@examkit/contracts';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { SplitConfirmPage } from '../pages/SplitConfirmPage';
import { formatTime } from '../useHomeworkOptions';
import { PaperFileView } from './PaperFileView';
import { paperPath } from './paperPath';
import { AssignmentsTable } from '../components/AssignmentsTable';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0 0 16px;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** A file size as a teacher reads it. */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '文件缺失';
  if (bytes < 1024) return `${bytes} 字节`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The record of `/paper/…/:id/:schoolId`, read through paper/record: the server refuses another
 * school (or a wrong school in the address) as a missing homework, so the page shows nothing of it.
 */
function usePaperRecord() {
  const params = useParams();
  const id = Number(params.id) || 0;
  const schoolId = Number(params.schoolId) || 0;
  const call = useApiCall();
  const [record, setRecord] = useState<PaperRecord | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id || !schoolId) return;
    void call(P.paperRecord, { id, schoolId }, { errorMessage: false }).then((r) =>
      r.ok ? setRecord(r.data) : setError(r.message),
    );
  }, [call, id, schoolId]);
  return {
    id,
    schoolId,
    record,
    error: id && schoolId ? error : '试卷地址不完整，请从校本作业进入',
  };
}

/**
 * /paper/record/:id/:schoolId (试卷记录): an uploaded paper's file, who uploaded it and when, its
 * question list (编辑 per question until assigned), its assignments, scans and hand-ins, with
 * the links to the paper's view, its 拆题 and the answer sheet.
 */
export function PaperRecordPage() {
  const { id, schoolId, record, error } = usePaperRecord();
  if (!record)
    return (
      <PageBox aria-label="试卷记录">
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </PageBox>
    );
  const h = record.homework;
  const frozen = h.state === 'assigned';
  return (
    <PageBox aria-labelledby="paper-record-title">
      <h1 id="paper-record-title">试卷记录 · {h.name}</h1>
      <Facts aria-label="试卷信息">
        <dt>试卷文件</dt>
        <dd>
          {h.paperName}（{h.paperKind === 'pdf' ? 'PDF' : '图片'}，{sizeText(record.paperBytes)}）
        </dd>
        <dt>年级科目</dt>
        <dd>
          {h.gradeName} {h.subjectName}
        </dd>
        <dt>上传</dt>
        <dd>
          {h.creatorName} · {formatTime(h.createdAt)}
        </dd>
        <dt>状态</dt>
        <dd>{HOMEWORK_STATE_LABELS[h.state]}</dd>
        <dt>题目</dt>
        <dd>
          共 {h.questionCount} 题（客观题 {record.objectiveCount}，主观题 {record.subjectiveCount}
          ），满分 {h.fullMarks} 分
        </dd>
        <dt>扫描与提交</dt>
        <dd>
          扫描 {record.scanPages} 页，已交 {record.submissions} 人
        </dd>
      </Facts>
      <Toolbar>
        <Link to={paperPath('pdf', id, schoolId)}>查看试卷</Link>
        <Link to={paperPath('split', id, schoolId)}>{frozen ? '查看拆题' : '拆题'}</Link>
        {h.state !== 'draft' && (
          <Link to={`/homework/viewPdf?id=${id}&file=sheet`}>查看答题卡</Link>
        )}
        <Link to={`/homework/school-base/questionItem?id=${id}`}>作业题目</Link>
      </Toolbar>
      <section aria-labelledby="paper-questions-title">
        <h2 id="paper-questions-title">题目</h2>
        {frozen && <Note>作业已布置：题型不能再改，答案和满分可以更正（已交作业重新计分）。</Note>}
        {h.questions.length === 0 ? (
          <Note>还没有拆题，请先拆题。</Note>
        ) : (
          <ListTable
            label="试卷题目"
            rows={h.questions}
            headers={['题号', '题型', '答案', '满分', '操作']}
          >
            {(q) => (
              <tr key={q.no}>
                <td>{q.label}</td>
                <td>{HOMEWORK_QUESTION_TYPE_LABELS[q.type]}</td>
                <td>{q.answer ?? '老师批改'}</td>
                <td>{q.fullMarks}</td>
                <td>
                  <Link
                    to={`/homework/question/edit?id=${id}&no=${q.no}`}
                    aria-label={`${frozen ? '更正' : '编辑'}第 ${q.label} 题`}
                  >
                    {frozen ? '更正' : '编辑'}
                  </Link>
                </td>
              </tr>
            )}
          </ListTable>
        )}
      </section>
      {h.assignments.length > 0 && (
        <section aria-labelledby="paper-assigned-title">
          <h2 id="paper-assigned-title">布置记录</h2>
          <AssignmentsTable rows={h.assignments} withMinutes={false} />
        </section>
      )}
      <Actions>
        <Link to="/homework/school-base">返回校本作业</Link>
      </Actions>
    </PageBox>
  );
}

/** /paper/pdf/:id/:schoolId (试卷PDF, full screen): the uploaded paper itself. */
export function PaperPdfPage() {
  const { id, schoolId, record, error } = usePaperRecord();
  if (!record)
    return (
      <PageBox aria-label="试卷PDF">{error && <ErrorText role="alert">{error}</ErrorText>}</PageBox>
    );
  const h = record.homework;
  return (
    <PageBox aria-labelledby="paper-pdf-title">
      <Toolbar>
        <h1 id="paper-pdf-title">{h.name}</h1>
        <Link to={paperPath('record', id, schoolId)}>试卷记录</Link>
        <Link to={paperPath('split', id, schoolId)}>拆题</Link>
      </Toolbar>
      <PaperFileView homeworkId={id} file="paper" paperKind={h.paperKind} title={`${h.name}原卷`} />
    </PageBox>
  );
}

/**
 * /paper/split/:id/:schoolId (试卷拆分): the school is checked through paper/record, then it is
 * split-confirm itself (the question list, 布置) for that homework.
 */
export function PaperSplitPage() {
  const { id, record, error } = usePaperRecord();
  if (!record)
    return (
      <PageBox aria-label="试卷拆分">
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </PageBox>
    );
  return <SplitConfirmPage homeworkId={id} />;
}

/**
 * /homework/viewPdf?id=&file= (查看作业PDF, full screen): a homework's answer sheet
 * (`file=sheet`, the default) or its uploaded paper (`file=paper`), shown in the page.
 */
export function HomeworkViewPdfPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const file = search.get('file') === 'paper' ? 'paper' : 'sheet';
  const call = useApiCall();
  const [homework, setHomework] = useState<HomeworkDetail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id) return;
    void call(homeworkRoutes.homeworkDetail, { id }, { errorMessage: false }).then((r) =>
      r.ok ? setHomework(r.data) : setError(r.message),
    );
  }, [call, id]);
  if (!id) return <PageBox aria-label="查看作业PDF">缺少作业编号，请从校本作业列表进入。</PageBox>;
  if (!homework)
    return (
      <PageBox aria-label="查看作业PDF">
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </PageBox>
    );
  const paperless = homework.paperKind === 'bank' || homework.paperKind === 'workbook';
  const noPaper = file === 'paper' && paperless;
  const noSheet = file === 'sheet' && homework.state === 'draft';
  const title = `${homework.name}${file === 'sheet' ? '答题卡' : '原卷'}`;
  return (
    <PageBox aria-labelledby="view-pdf-title">
      <Toolbar>
        <h1 id="view-pdf-title">{title}</h1>
        {!paperless && (
          <Link to={`/homework/viewPdf?id=${id}&file=${file === 'sheet' ? 'paper' : 'sheet'}`}>
            {file === 'sheet' ? '查看原卷' : '查看答题卡'}
          </Link>
        )}
        <Link to={`/homework/school-base/questionItem?id=${id}`}>作业题目</Link>
      </Toolbar>
      {noPaper ? (
        <Note>这份作业由题库组成，没有上传的原卷。</Note>
      ) : noSheet ? (
        <Note>还没有拆题，拆题后才有答题卡。</Note>
      ) : (
        <PaperFileView homeworkId={id} file={file} paperKind={homework.paperKind} title={title} />
      )}
    </PageBox>
  );
}
