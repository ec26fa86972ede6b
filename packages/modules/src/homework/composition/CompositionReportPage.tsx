import { useEffect, useState } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import {
  COMPOSITION_DIMENSION_LABELS,
  COMPOSITION_DIMENSIONS,
  homeworkCompositionRoutes as r,
  homeworkSubmissionRoutes,
  type CompositionReportBasic,
  type CompositionStudentRow,
  type SubmissionDetail,
} from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatPoints } from '../../marking/utils/scoring';
import { AnswerImages } from '../components/correction';
import { SubmissionStatus } from '../components/SubmissionStatus';
import { StudentCells } from '../components/rowCells';

const ESSAY = 1;

/** One student's essay as handed in: every part (continued pages too) with the teacher's marks. */
function EssayView({ row, onClose }: { row: CompositionStudentRow; onClose(): void }) {
  const call = useApiCall();
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (row.submissionId !== null)
      void call(homeworkSubmissionRoutes.submission, { submissionId: row.submissionId }).then(
        (x) => x.ok && setDetail(x.data),
      );
  }, [call, row.submissionId]);
  return (
    <section aria-labelledby="essay-view-title">
      <h2 id="essay-view-title">
        {row.className} {row.name} 的作文
      </h2>
      <Button size="small" onClick={onClose}>
        收起作文
      </Button>
      {row.comment && <p>评语：{row.comment}</p>}
      {detail ? (
        <AnswerImages
          submission={detail}
          questionNo={ESSAY}
          alt={`${row.name}的作文`}
          annotations={detail.annotations.filter((a) => a.questionNo === ESSAY)}
          empty="这篇作文没有扫描图像"
        />
      ) : (
        <Note>加载中…</Note>
      )}
    </section>
  );
}

const show = (v: number | null) => (v === null ? '—' : formatPoints(v));

function Tabs({ id }: { id: number }) {
  return (
    <nav aria-label="作文报告">
      <Toolbar>
        <NavLink to={`/homework/composition/${id}/report/basic`}>基本情况</NavLink>
        <NavLink to={`/homework/composition/${id}/report/student`}>学生情况</NavLink>
        <NavLink to={`/homework/composition/correct?id=${id}`}>去批改</NavLink>
        <NavLink to="/homework/composition">返回作文作业</NavLink>
      </Toolbar>
    </nav>
  );
}

/** /homework/composition/{id}/report/basic: hand-ins, scores, each part of the rubric, 范文. */
export function CompositionReportBasicPage() {
  const id = Number(useParams().id) || 0;
  const call = useApiCall();
  const [report, setReport] = useState<CompositionReportBasic | null>(null);
  useEffect(() => {
    if (id) void call(r.reportBasic, { id }).then((x) => x.ok && setReport(x.data));
  }, [call, id]);

  return (
    <PageBox aria-labelledby="composition-report-title">
      <h1 id="composition-report-title">作文报告 · 基本情况{report ? ` · ${report.name}` : ''}</h1>
      <Tabs id={id} />
      {report && (
        <>
          <p>
            满分 {report.fullMarks} 分；应交 {report.expected} 人，已交 {report.submitted}{' '}
            人，已批改 {report.corrected} 人；平均分 {show(report.average)}，最高分{' '}
            {show(report.highest)}，最低分 {show(report.lowest)}
          </p>
          <ListTable
            label="评分标准各项得分"
            rows={report.dimensions}
            headers={['评分项', '满分', '平均分', '得分率']}
          >
            {(d) => (
              <tr key={d.key}>
                <td>{d.label}</td>
                <td>{d.points}</td>
                <td>{show(d.average)}</td>
                <td>{d.rate === null ? '—' : `${d.rate}%`}</td>
              </tr>
            )}
          </ListTable>
          <ListTable label="分数段" rows={report.bands} headers={['等级', '人数']}>
            {(b) => (
              <tr key={b.label}>
                <td>{b.label}</td>
                <td>{b.count}</td>
              </tr>
            )}
          </ListTable>
          <section aria-labelledby="exemplary-title">
            <h2 id="exemplary-title">范文</h2>
            {report.exemplary.length === 0 ? (
              <Note>还没有范文：批改时勾选“设为范文”。</Note>
            ) : (
              <ListTable
                label="范文列表"
                rows={report.exemplary}
                headers={['学生', '班级', '得分', '评语']}
              >
                {(e) => (
                  <tr key={e.submissionId}>
                    <td>{e.studentName}</td>
                    <td>{e.className}</td>
                    <td>{show(e.score)}</td>
                    <td>{e.comment || '—'}</td>
                  </tr>
                )}
              </ListTable>
            )}
          </section>
        </>
      )}
    </PageBox>
  );
}

/** /homework/composition/{id}/report/student: every student's essay by part, 评语, 范文. */
export function CompositionReportStudentPage() {
  const id = Number(useParams().id) || 0;
  const call = useApiCall();
  const [rows, setRows] = useState<CompositionStudentRow[] | null>(null);
  const [viewing, setViewing] = useState<CompositionStudentRow | null>(null);
  useEffect(() => {
    if (id) void call(r.reportStudent, { id }).then((x) => setRows(x.ok ? x.data : []));
  }, [call, id]);

  return (
    <PageBox aria-labelledby="composition-students-title">
      <h1 id="composition-students-title">作文报告 · 学生情况</h1>
      <Tabs id={id} />
      {viewing && <EssayView row={viewing} onClose={() => setViewing(null)} />}
      <ListTable
        label="学生作文得分"
        rows={rows}
        headers={[
          '学号',
          '姓名',
          '班级',
          '状态',
          '总分',
          ...COMPOSITION_DIMENSIONS.map((k) => COMPOSITION_DIMENSION_LABELS[k]),
          '评语',
          '范文',
          '作文',
        ]}
      >
        {(s) => (
          <tr key={s.studentId}>
            <StudentCells student={s} />
            <td>
              <SubmissionStatus status={s.status} />
            </td>
            <td>{show(s.score)}</td>
            {COMPOSITION_DIMENSIONS.map((k) => (
              <td key={k}>{s.scores ? formatPoints(s.scores[k]) : '—'}</td>
            ))}
            <td>{s.comment || '—'}</td>
            <td>{s.exemplary ? '范文' : '—'}</td>
            <td>
              {s.submissionId !== null ? (
                <Button
                  size="small"
                  aria-label={`查看作文：${s.name}`}
                  onClick={() => setViewing(s)}
                >
                  查看作文
                </Button>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
