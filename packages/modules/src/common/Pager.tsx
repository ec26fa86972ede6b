import { Button } from '@examkit/ui';

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}

/** Previous / next paging under a list, with the total. */
export function Pager({ total, page, pageSize, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="分页" style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}>
      <span>共 {total} 条</span>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <span aria-live="polite">
        第 {page} / {pages} 页
      </span>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </nav>
  );
}
