import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { useMarkingBlock } from '../hooks/useMarkingBlock';
import { PageBox, Tabs } from './styled';

/**
 * Whether a data page shows a 统一阅卷 pool block (`?pool=1`, docs/marking.md "Joint exams"): the
 * same pages over the pool's monitoring calls, for the organiser and a participating school's
 * manager.
 */
export function usePoolBlock(): boolean {
  return useSearchParams()[0].get('pool') === '1';
}

/** The tabs of the marking data pages; 阅卷进度 stays on readMonitor when opened from there. */
function DataTabs({ blockId, pool }: { blockId: number; pool: boolean }) {
  const { pathname } = useLocation();
  const tabs: [string, string][] = pool
    ? [
        [`/exam/marking/data/progress/${blockId}?pool=1`, '阅卷进度'],
        [`/exam/marking/data/quality/${blockId}?pool=1`, '阅卷质量'],
        [`/exam/marking/data/checkPaper/${blockId}?pool=1`, '阅卷抽查'],
      ]
    : [
        [
          pathname.includes('/readMonitor/')
            ? `/exam/marking/readMonitor/${blockId}`
            : `/exam/marking/data/progress/${blockId}`,
          '阅卷进度',
        ],
        [`/exam/marking/data/quality/${blockId}`, '阅卷质量'],
        [`/exam/marking/data/checkPaper/${blockId}`, '阅卷抽查'],
        [`/exam/marking/error?blockId=${blockId}`, '问题卷'],
      ];
  return (
    <Tabs as="nav" aria-label="阅卷数据">
      {tabs.map(([to, label]) => (
        <NavLink key={to} to={to}>
          {label}
        </NavLink>
      ))}
      {pool ? <Link to="/exam/joint">返回联考</Link> : <Link to="/exam/marking">返回网上阅卷</Link>}
    </Tabs>
  );
}

export interface MonitorFrameProps {
  /** The page's title; the block's exam, subject and name follow once loaded. */
  title: string;
  blockId: number;
  children: ReactNode;
}

/** The frame of a marking data page: its title with the block, and the data tabs. */
export function MonitorFrame({ title, blockId, children }: MonitorFrameProps) {
  const pool = usePoolBlock();
  // A pool block is not the school's own: its name comes with the joint exam's pages.
  const block = useMarkingBlock(pool ? 0 : blockId);
  return (
    <PageBox>
      <h1>
        {pool ? `${title}（统一阅卷）` : title}
        {block ? `：${block.examName} · ${block.subjectName} · ${block.name}` : ''}
      </h1>
      <DataTabs blockId={blockId} pool={pool} />
      {children}
    </PageBox>
  );
}
