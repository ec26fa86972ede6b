import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceWrongRoutes } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { PageBox, Toolbar } from '../../common/styled';
import { percent, useWrongData } from './useWrongData';

const PAGE_SIZE = 20;
const LINES = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1];

/**
 * 错题库 (/resource/generate/error-question-bank): across a grade's exams, the questions with the
 * lowest score rates (the grade's, or the user's own classes'), each with how many got it wrong.
 */
export function ErrorBankPage() {
  const navigate = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  // 相似题推荐 is a page of the grade report's key in the catalogue.
  const canOpen = hasPermission(codes, 'Exam-Single-Report-Grade');
  const [gradeId, setGrade] = useState<number | null>(null);
  const [subjectName, setSubject] = useState('');
  const [maxScoreRate, setMax] = useState(0.6);
  const [pageNum, setPage] = useState(1);
  const { data, error } = useWrongData(resourceWrongRoutes.errorBank, {
    gradeId,
    subjectName,
    maxScoreRate,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  return (
    <PageBox>
      <h1>错题库</h1>
      <Toolbar>
        <FormField label="年级">
          <Select
            value={gradeId ?? data?.gradeId ?? ''}
            options={(data?.grades ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={(e) => {
              setGrade(Number(e.target.value));
              setPage(1);
            }}
          />
        </FormField>
        <FormField label="学科">
          <Select
            value={subjectName}
            placeholder="全部"
            options={(data?.subjects ?? []).map((s) => ({ value: s, label: s }))}
            onChange={(e) => {
              setSubject(e.target.value);
              setPage(1);
            }}
          />
        </FormField>
        <FormField label="得分率不高于">
          <Select
            value={maxScoreRate}
            options={LINES.map((l) => ({ value: l, label: `${l * 100}%` }))}
            onChange={(e) => {
              setMax(Number(e.target.value));
              setPage(1);
            }}
          />
        </FormField>
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      <ListTable
        label="错题库"
        rows={data?.list ?? null}
        headers={['考试', '学科', '题号', '范围', '知识点', '得分率', '错误人数', '操作']}
      >
        {(row) => (
          <tr key={`${row.examId}-${row.questionId}-${row.classId ?? 0}`}>
            <td>
              {row.examName}（{row.examDate}）
            </td>
            <td>{row.subjectName}</td>
            <td>{row.number}</td>
            <td>{row.groupName}</td>
            <td>{row.knowledgePoints.join('、') || '—'}</td>
            <td>{percent(row.scoreRate)}</td>
            <td>
              {row.wrongCount} / {row.studentCount}
            </td>
            <td>
              {canOpen && (
                <RowAction
                  text="相似题推荐"
                  of={`${row.examName} ${row.subjectName} 第${row.number}题`}
                  onClick={() => navigate(`/exam/single/report/similar_recom/list/${row.examId}`)}
                />
              )}
            </td>
          </tr>
        )}
      </ListTable>
      {data && data.total > PAGE_SIZE && (
        <Pager total={data.total} page={pageNum} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
    </PageBox>
  );
}
