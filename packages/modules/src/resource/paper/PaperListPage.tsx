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

/**
 * Which papers a list shows: the school's (all, or the caller's own), the cloud's, or the
 * caller's 备课组's.
 */
type Source = 'school' | 'mine' | 'cloud' | 'group';

const ROUTES = {
  school: paperRoutes.schoolList,
  mine: paperRoutes.myList,
  cloud: paperRoutes.cloudList,
  group: paperRoutes.groupList,
} as const;

const TITLES = { school: '校本试卷', cloud: '云试卷', group: '备课组资源' } as const;

function PaperList({ list }: { list: 'school' | 'cloud' | 'group' }) {
  const call = useApiCall();
  const cloud = list === 'cloud';
  const [source, setSource] = useState<Source>(list);
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
  const title = TITLES[list];
  return (
    <PageBox aria-labelledby="paper-list-title">
      <h1 id="paper-list-title">{title}</h1>
      <Toolbar>
        {list === 'group' && <p>你所在备课组（与你在同一年级教同一学科的老师）组的试卷。</p>}
        {list === 'school' && (
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
        {list === 'school' && codes.includes('Paper-Cloud') && (
          <Link to="/resource/paper/cloud">云试卷</Link>
        )}
        {list === 'school' && <Link to="/resource/group">备课组资源</Link>}
        {list === 'school' && <Link to="/resource/school/analysis">校本资源分析</Link>}
        {list === 'group' && <Link to="/resource/paper/school">校本试卷</Link>}
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
  return <PaperList list="school" />;
}

/** /resource/paper/cloud: the cloud papers every school reads. */
export function CloudPaperListPage() {
  return <PaperList list="cloud" />;
}

/** /resource/group (备课组资源): the papers of the caller's 备课组. */
export function GroupResourcePage() {
  return <PaperList list="group" />;
}
