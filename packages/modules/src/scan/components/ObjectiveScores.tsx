import { useCallback, useEffect, useState } from 'react';
import { scanRoutes, type ScanObjectivePage, type ScanObjectiveStudent } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useLatestRequest } from '../../common/useLatestRequest';
import { Table } from '../../exam/components/styled';
import { objectiveStatusText } from '../utils/scanLabels';
import { ObjectiveDetailDialog } from './ObjectiveDetailDialog';
import { RowAction } from '../../common/RowAction';

/** Students per page of the objective scores. */
export const OBJECTIVE_PAGE_SIZE = 50;

export interface ObjectiveScoresProps {
  examSubjectId: number;
  /** Changes whenever scores may have changed (a fix, a finished batch, re-scoring): the page is read again. */
  version: number;
}

/**
 * The 客观题得分 table of the scan page: every student of the subject by exam number with the
 * objective score from the scan, paged and searchable by name or exam number; 查看明细 opens a
 * student's questions.
 */
export function ObjectiveScores({ examSubjectId, version }: ObjectiveScoresProps) {
  const call = useApiCall();
  const beginRequest = useLatestRequest();
  const [page, setPage] = useState(1);
  const [keyWord, setKeyWord] = useState('');
  const [data, setData] = useState<ScanObjectivePage | null>(null);
  const [shown, setShown] = useState<ScanObjectiveStudent | null>(null);

  const load = useCallback(async () => {
    const isLatest = beginRequest();
    const r = await call(
      scanRoutes.objectiveScores,
      {
        examSubjectId,
        pageNum: page,
        pageSize: OBJECTIVE_PAGE_SIZE,
        ...(keyWord ? { keyWord } : {}),
      },
      { dedupe: false },
    );
    if (isLatest() && r.ok) setData(r.data);
  }, [call, beginRequest, examSubjectId, page, keyWord]);

  useEffect(() => {
    void load();
  }, [load, version]);

  return (
    <>
      <Toolbar role="search" aria-label="查找考生客观题得分">
        <KeywordSearch
          initial={keyWord}
          placeholder="姓名或考号"
          onSearch={(k) => {
            setKeyWord(k);
            setPage(1);
          }}
        />
      </Toolbar>
      {data === null ? null : data.list.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Table aria-label="客观题得分">
            <thead>
              <tr>
                <th scope="col">考号</th>
                <th scope="col">姓名</th>
                <th scope="col">班级</th>
                <th scope="col">客观题得分</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((s) => (
                <tr key={s.studentId}>
                  <td>{s.examNo}</td>
                  <td>{s.name}</td>
                  <td>{s.className}</td>
                  <td>
                    {s.objectiveScore ?? '—'} / {data.fullMarks}
                  </td>
                  <td>{objectiveStatusText(s)}</td>
                  <td>
                    <RowAction
                      text="查看明细"
                      disabled={s.status === 'no_sheet'}
                      aria-label={`查看明细（${s.name}）`}
                      onClick={() => setShown(s)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager total={data.total} page={page} pageSize={OBJECTIVE_PAGE_SIZE} onPage={setPage} />
        </>
      )}
      <ObjectiveDetailDialog
        examSubjectId={examSubjectId}
        student={shown}
        onClose={() => setShown(null)}
      />
    </>
  );
}
