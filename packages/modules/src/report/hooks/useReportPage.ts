import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useReport, type ReportState } from './useReport';
import { useReportContext, type ReportContext } from './useReportContext';

/** A report page's exam context and its own call: what its frame shows the state of. */
export interface ReportPage<T = unknown> {
  context: ReportContext;
  /** The page's own call; absent on a page without one. */
  report?: Pick<ReportState<T>, 'error' | 'loading'>;
}

/**
 * The context of a report page (exam, chosen class and subject) and its own call, whose body is
 * made from the context; `null` waits (e.g. for a class to be chosen).
 */
export function useReportPage<R extends RouteContract>(
  route: R,
  bodyOf: (context: ReportContext) => BodyOf<R> | null,
  options: { total?: boolean } = {},
): { context: ReportContext; report: ReportState<DataOf<R>> } {
  const context = useReportContext(options);
  const report = useReport(route, bodyOf(context));
  return { context, report };
}
