import { useCallback, useEffect } from 'react';
import type { RequestOptions } from '@examkit/core';
import { useListMemory } from '@examkit/core/react';
import type { CallOutcome, useApiCall } from '../../common/useApiCall';
import { usePagedRows } from '../../common/usePagedRows';
import { useGradeClasses } from './useGradeClasses';

/** The call function of a module page, as `useApiCall` gives it. */
export type ApiCall = ReturnType<typeof useApiCall>;

/** The filters of a roster list; a filter not chosen is left out of the body. */
export interface RosterFilters {
  gradeId?: number;
  classId?: number;
  keyWord?: string;
}

/** One page of a roster list as the server answers it. */
export interface RosterPage<Row> {
  list: Row[];
  total: number;
}

/** Loads one page of a roster list; module-level, so it stays the same across renders. */
export type RosterFetch<Row> = (
  call: ApiCall,
  body: RosterFilters & { pageNum: number; pageSize: number },
  options: RequestOptions,
) => Promise<CallOutcome<RosterPage<Row>>>;

/**
 * The state of a roster list (students, teachers): grade, class, keyword and page kept in
 * the store's list memory under `listKey` (spec 000 §2, §3), so a fresh mount starts where
 * the user left; the rows of the page in force, loaded again whenever the filters or the
 * page change or the kept-alive page mounts. An answer that a newer request overtook is
 * dropped. `rows` is null until the first answer. `fetchPage` must keep its identity (define
 * it at module level), or every render loads again.
 */
export function useRosterList<Row>(
  call: ApiCall,
  listKey: string,
  pageSize: number,
  fetchPage: RosterFetch<Row>,
) {
  const [memory, remember] = useListMemory(listKey);
  const gradeId = memory.gradeId ? Number(memory.gradeId) : undefined;
  const classId = memory.classId ? Number(memory.classId) : undefined;
  const keyWord = memory.keyWord ?? '';
  const page = memory.currentPage || 1;
  const { grades, classes } = useGradeClasses(gradeId);

  const filters: RosterFilters = {
    ...(gradeId ? { gradeId } : {}),
    ...(classId ? { classId } : {}),
    ...(keyWord ? { keyWord } : {}),
  };
  const filterKey = JSON.stringify(filters);
  const askPage = useCallback(
    () =>
      fetchPage(
        call,
        { pageNum: page, pageSize, ...(JSON.parse(filterKey) as RosterFilters) },
        { dedupe: false },
      ),
    [call, fetchPage, page, pageSize, filterKey],
  );
  const { rows, total, load: reload } = usePagedRows(askPage);

  // Runs again when the kept-alive page is shown again, so an added or edited row appears.
  useEffect(() => {
    void reload();
  }, [reload]);

  return {
    grades,
    classes,
    gradeId,
    classId,
    keyWord,
    page,
    filters,
    rows,
    total,
    reload,
    /** A grade ('' for 全部): the class is cleared, back to page 1. */
    chooseGrade: (value: string) => remember({ gradeId: value, classId: '', currentPage: 1 }),
    /** A class ('' for 全部), back to page 1. */
    chooseClass: (value: string) => remember({ classId: value, currentPage: 1 }),
    /** A keyword, back to page 1. */
    search: (k: string) => remember({ keyWord: k, currentPage: 1 }),
    goToPage: (p: number) => remember({ currentPage: p }),
  };
}
