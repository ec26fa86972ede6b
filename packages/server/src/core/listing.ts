import { badRequest } from './envelope';

/** The paging fields of a list call (spec 001 §1: `pageNum` from 1, `pageSize` 20 by default). */
export interface PageRequest {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

/** One page of a list as every paged call answers it. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Offset and limit of a page; the page number is capped so the offset stays sane. */
export function pageOf(body: PageRequest) {
  const pageSize = body.pageSize ?? 20;
  const pageNum = body.pageNum ?? 1;
  if (pageNum > 100_000) throw badRequest('页码超出范围');
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * A page of a list filtered in the database: the page's rows and the count of all matching
 * rows, asked together. `rows` and `count` apply the same filter (school, data scope, keyword).
 */
export async function pagedList<T>(
  body: PageRequest,
  rows: (window: { offset: number; limit: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const { pageNum, pageSize, offset } = pageOf(body);
  const [list, total] = await Promise.all([rows({ offset, limit: pageSize }), count()]);
  return { list, total, pageNum, pageSize };
}

/** A page cut from a list already read and filtered in full (short lists such as 教学班). */
export function pageSlice<T>(all: readonly T[], body: PageRequest): Page<T> {
  const { pageNum, pageSize, offset } = pageOf(body);
  return { list: all.slice(offset, offset + pageSize), total: all.length, pageNum, pageSize };
}
