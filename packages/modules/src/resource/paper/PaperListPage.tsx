import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paperRoutes, type DataOf } from '@examkit/contracts';
import { formatDate } from '@examkit/core';
import { useExamkitStore } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useLatestRequest } from '../../common/useLatestRequest';

type Page = DataOf<typeof paperRoutes.schoolList>;
const PAGE_SIZE = 20;

/** Which papers a list shows: the school's (all, or the caller's own) or the cloud's. */
type Source = 'school' | 'mine' | 'cloud';

const ROUTES = {
  school: paperRoutes.schoolList,
  mine: paperRoutes.myList,
  cloud: paperRoutes.cloudList,
} as const;

function PaperList({ cloud }: { cloud: boolean }) {
  const call = useApiCall();
  const [source, setSource] = useState<Source>(cloud ? 'cloud' : 'school');
  const [keyWord, setKeyWord] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const beginRequest = useLatestRequest();
  const codes = useExamkitStore((s) => s.permCodes);

  const load = useCallback(async () => {
    const isLatest = beginRequest();
    const r = await call(
      ROUTES[source],
      { pageNum, pageSize: PAGE_SIZE, keyWord },
      { dedupe: false },
    );
    if (isLatest() && r.ok) setPage(r.data);
  }, [beginRequest, call, source, pageNum, keyWord]);
  useEffect(() => {
    void load();
  }, [load]);

  const detail = cloud ? '/resource/paper/cloudPreiew' : '/resource/paper/school-detail';
  const title = cloud ? '云试卷' : '校本试卷';
  return (
    <PageBox aria-labelledby="paper-list-title">
      <h1 id="paper-list-title">{title}</h1>
      <Toolbar>
        {!cloud && (
          <div role="group" aria-label="试卷范围">
            <Button
              type={source === 'school' ? 'primary' : 'default'}
              aria-pressed={source === 'school'}
              onClick={() => {
                setSource('school');
                setPageNum(1);
              }}
            >
              全部校本试卷
            </Button>{' '}
            <Button
              type={source === 'mine' ? 'primary' : 'default'}
              aria-pressed={source === 'mine'}
              onClick={() => {
                setSource('mine');
                setPageNum(1);
              }}
            >
              我组的试卷
            </Button>
          </div>
        )}
        {!cloud && codes.includes('Paper-Cloud') && <Link to="/resource/paper/cloud">云试卷</Link>}
        {cloud && codes.includes('Paper-School') && (
          <Link to="/resource/paper/school">校本试卷</Link>
        )}
        <Spacer />
        <KeywordSearch
          initial={keyWord}
          placeholder="试卷标题"
          onSearch={(k) => {
            setKeyWord(k);
            setPageNum(1);
          }}
        />
      </Toolbar>
      <ListTable
        label={`${title}列表`}
        rows={page?.list ?? null}
        headers={['试卷标题', '题数', '满分', '时长', '组卷人', '创建时间']}
      >
        {(p) => (
          <tr key={p.id}>
            <td>
              <Link to={`${detail}?id=${p.id}`}>{p.title}</Link>
            </td>
            <td>{p.questionCount}</td>
            <td>{p.fullMarks}</td>
            <td>{p.durationMinutes} 分钟</td>
            <td>{p.createdBy ?? (cloud ? '云端' : '')}</td>
            <td>{formatDate(p.createdAt, 'YYYY-MM-DD HH:mm')}</td>
          </tr>
        )}
      </ListTable>
      {page && <Pager total={page.total} page={pageNum} pageSize={PAGE_SIZE} onPage={setPageNum} />}
    </PageBox>
  );
}

/** /resource/paper/school: the school's papers, or the ones the caller made (myPaper). */
export function SchoolPaperListPage() {
  return <PaperList cloud={false} />;
}

/** /resource/paper/cloud: the cloud papers every school reads. */
export function CloudPaperListPage() {
  return <PaperList cloud />;
}
