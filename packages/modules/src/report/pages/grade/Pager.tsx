import { Button } from '@examkit/ui';
import { Toolbar } from '../../components/styled';

/** Students a page of the grade's ranking and transcript shows. */
export const PAGE_SIZE = 50;

/** 上一页 / 下一页 with the count of students and pages. */
export function Pager({
  pageNum,
  total,
  onPage,
}: {
  pageNum: number;
  total: number;
  onPage: (n: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Toolbar data-noprint aria-label="分页">
      <span>
        共 {total} 人，第 {pageNum}/{pages} 页
      </span>
      <Button size="small" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        上一页
      </Button>
      <Button size="small" disabled={pageNum >= pages} onClick={() => onPage(pageNum + 1)}>
        下一页
      </Button>
    </Toolbar>
  );
}
