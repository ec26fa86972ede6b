import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  homeworkDownloadRoutes as D,
  homeworkRoutes,
  type HomeworkSummary,
} from '@examkit/contracts';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { DOWNLOAD_CENTRE_PATH } from '../../common/downloadCentrePath';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { Actions, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime } from '../useHomeworkOptions';

const PAGE_SIZE = 20;

/**
 * /homework/download-assistant (下载助手, from 校本作业 and 作业批改): the caller's assigned homework
 * (hspa/pageInfo, 已布置) with each one's exports — 导出成绩单 as a download-centre job (the caller's
 * students, a column a question) and 查看答题卡 — and the way to the download centre.
 */
export function DownloadAssistantPage() {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: HomeworkSummary[]; total: number } | null>(null);

  const load = useCallback(async () => {
    const r = await call(homeworkRoutes.homeworkPage, {
      pageNum: page,
      pageSize: PAGE_SIZE,
      state: 'assigned',
      ...(keyWord ? { keyWord } : {}),
    });
    setData(r.ok ? r.data : { list: [], total: 0 });
  }, [call, page, keyWord]);
  useEffect(() => void load(), [load]);

  return (
    <PageBox aria-labelledby="download-assistant-title">
      <h1 id="download-assistant-title">下载助手</h1>
      <Toolbar>
        <KeywordSearch
          initial={keyWord}
          placeholder="作业名称"
          onSearch={(k) => {
            setKeyWord(k);
            setPage(1);
          }}
        />
        <Link to={DOWNLOAD_CENTRE_PATH} target="_blank" rel="noopener">
          打开下载中心
        </Link>
      </Toolbar>
      <Note>成绩单在后台生成，完成后可在此下载，也保留在下载中心。</Note>
      <ListTable
        label="可导出的作业"
        rows={data?.list ?? null}
        empty="还没有已布置的作业"
        headers={['作业名称', '年级', '科目', '布置对象', '截止时间', '导出']}
      >
        {(h) => (
          <tr key={h.id}>
            <td>{h.name}</td>
            <td>{h.gradeName}</td>
            <td>{h.subjectName}</td>
            <td>{h.targets.join('、')}</td>
            <td>{h.dueAt === null ? '—' : formatTime(h.dueAt)}</td>
            <td>
              <Actions>
                <DownloadJobButton
                  label="导出成绩单"
                  name={`导出成绩单：${h.name}`}
                  size="small"
                  start={() => call(D.scoresJob, { id: h.id })}
                />
                <Link
                  to={`/homework/viewPdf?id=${h.id}&file=sheet`}
                  aria-label={`查看答题卡：${h.name}`}
                >
                  查看答题卡
                </Link>
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {data && data.total > 0 && (
        <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
    </PageBox>
  );
}
