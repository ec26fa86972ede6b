import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  homeworkDownloadRoutes as D,
  homeworkRoutes,
  type HomeworkSummary,
} from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { DOWNLOAD_CENTRE_PATH } from '../../common/downloadCentrePath';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { Actions, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime } from '../useHomeworkOptions';
import { NameGradeSubjectCells } from '../components/rowCells';

const PAGE_SIZE = 20;
/** At most this many homework' answer sheets in one job (the server's limit). */
const MAX_SHEETS = 20;

/**
 * /homework/download-assistant (下载助手, from 校本作业 and 作业批改): the caller's assigned homework
 * (hspa/pageInfo, 已布置) with each one's exports — 导出成绩单 and 导出扫描答题卡 (a zip) as
 * download-centre jobs over the caller's students, and 查看答题卡 — the answer sheets of the
 * homework ticked (across pages, up to 20) as one zip job, and the way to the download centre.
 */
export function DownloadAssistantPage() {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: HomeworkSummary[]; total: number } | null>(null);
  /** The homework ticked for 导出所选答题卡, by id (kept across pages). */
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  const toggle = (h: HomeworkSummary, on: boolean) =>
    setChosen((m) => {
      const next = new Map(m);
      if (on) next.set(h.id, h.name);
      else next.delete(h.id);
      return next;
    });

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
      <Toolbar>
        {chosen.size === 0 ? (
          <Note>勾选作业，可一次导出多份作业的答题卡（PDF，最多 {MAX_SHEETS} 份）。</Note>
        ) : (
          <>
            <span>
              已选 {chosen.size} 份：{[...chosen.values()].join('、')}
            </span>
            <DownloadJobButton
              label={`导出所选答题卡（${chosen.size}）`}
              start={() => call(D.sheetsJob, { ids: [...chosen.keys()] })}
            />
            <Button size="small" onClick={() => setChosen(new Map())}>
              清空选择
            </Button>
          </>
        )}
      </Toolbar>
      <Note>成绩单、扫描答题卡和答题卡在后台生成，完成后可在此下载，也保留在下载中心。</Note>
      <ListTable
        label="可导出的作业"
        rows={data?.list ?? null}
        empty="还没有已布置的作业"
        headers={['选择', '作业名称', '年级', '科目', '布置对象', '截止时间', '导出']}
      >
        {(h) => (
          <tr key={h.id}>
            <td>
              <input
                type="checkbox"
                aria-label={`选择：${h.name}`}
                checked={chosen.has(h.id)}
                disabled={!chosen.has(h.id) && chosen.size >= MAX_SHEETS}
                onChange={(e) => toggle(h, e.target.checked)}
              />
            </td>
            <NameGradeSubjectCells row={h} />
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
                <DownloadJobButton
                  label="导出扫描答题卡"
                  name={`导出扫描答题卡：${h.name}`}
                  size="small"
                  start={() => call(D.scansJob, { id: h.id })}
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
