import { Link } from 'react-router-dom';
import type { ExamSubject, ExamSummary } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { Note, PageBox, StateTag, Table } from '../../exam/components/styled';
import { STATE_LABELS } from '../../exam/utils/examLabels';
import { useScanHub, type SubjectCounts } from '../hooks/useScanHub';
import { RowAction } from '../../common/RowAction';

/** The counts of a subject, or what stands in for them while loading or after a failure. */
function countCells(counts: SubjectCounts | undefined, subject: ExamSubject) {
  if (counts === undefined) return ['…', '…', '…'];
  const c = counts?.get(subject.id);
  if (!c) return ['—', '—', '—'];
  return [String(c.uploaded), `${c.matched} / ${c.expected}`, String(c.openExceptions)];
}

function SubjectRow({
  exam,
  subject,
  counts,
}: {
  exam: ExamSummary;
  subject: ExamSubject;
  counts: SubjectCounts | undefined;
}) {
  const [uploaded, matched, open] = countCells(counts, subject);
  const reasonId = `scan-hub-reason-${subject.id}`;
  const label = `上传答题卡 ${exam.name} ${subject.subjectName}`;
  return (
    <tr>
      <th scope="row">{subject.subjectName}</th>
      <td>{subject.hasSheet ? '已保存' : '未设计'}</td>
      <td>{uploaded}</td>
      <td>{matched}</td>
      <td>{open}</td>
      <td>
        {subject.hasSheet ? (
          <Link to={`/exam/single/scanpaper/${subject.id}`} aria-label={label}>
            上传答题卡
          </Link>
        ) : (
          <>
            <RowAction text="上传答题卡" disabled aria-label={label} aria-describedby={reasonId} />{' '}
            <span id={reasonId}>
              未保存答题卡，请先
              <Link
                to={`/exam/single/create_answer_sheet?examSubjectId=${subject.id}`}
                aria-label={`制作答题卡 ${exam.name} ${subject.subjectName}`}
              >
                制作答题卡
              </Link>
            </span>
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * /exam/single/up_charm: the 答题卡上传 hub. The school's exams from 答题卡已就绪 onward (those the
 * user may see), each subject with its answer sheet, the pages uploaded, the students matched,
 * the open exceptions, and the way into /exam/single/scanpaper/{examSubjectId}.
 * @see docs/scanning.md
 */
export function ScanHubPage() {
  const { exams, counts } = useScanHub();
  return (
    <PageBox aria-labelledby="scan-hub-title">
      <h1 id="scan-hub-title">答题卡上传</h1>
      <Note>
        本学年答题卡已就绪及之后阶段的考试。已上传为保留的扫描页数，已匹配为对上考生名单的考生数。
      </Note>
      {exams === null ? (
        <p role="status">正在加载…</p>
      ) : exams.length === 0 ? (
        <Empty />
      ) : (
        <Table aria-label="答题卡上传">
          <thead>
            <tr>
              <th scope="col">科目</th>
              <th scope="col">答题卡</th>
              <th scope="col">已上传</th>
              <th scope="col">已匹配</th>
              <th scope="col">待处理异常</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          {exams.map((exam) => (
            <tbody key={exam.id} aria-label={exam.name}>
              <tr>
                <th scope="rowgroup" colSpan={6}>
                  {exam.name}（{exam.gradeName} · {exam.examDate}）{' '}
                  <StateTag>{STATE_LABELS[exam.state]}</StateTag>
                </th>
              </tr>
              {exam.subjects.map((subject) => (
                <SubjectRow
                  key={subject.id}
                  exam={exam}
                  subject={subject}
                  counts={counts.get(exam.id)}
                />
              ))}
            </tbody>
          ))}
        </Table>
      )}
    </PageBox>
  );
}
