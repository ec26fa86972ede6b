import { shellRoutes } from '../common/shellRoutes';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, generatePath, useLocation, useParams } from 'react-router-dom';

import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { DENIED_MESSAGE, DENIED_TITLE, hasPermission } from '@examkit/permission';
import { LOADING_TEXT } from '@examkit/ui';
import { missingParams, type ParentPath } from '../catalogue/parentPaths';
import { useApiCall } from '../common/useApiCall';

export interface ParentEntryPageProps {
  parent: ParentPath;
}

type Step = { kind: 'go'; to: string } | { kind: 'report'; path: string; grade: boolean };

const EXAM_PARAMS = ['id', 'examId'];

/**
 * A parent path (such as /system/student or /exam/single/report/class): forwards to its first
 * child the user may see. A report child without an exam opens on the newest exam whose report
 * the user may open; with no child the user may see, says access is denied.
 */
export function ParentEntryPage({ parent }: ParentEntryPageProps) {
  const { notifier } = useExamkit();
  const call = useApiCall();
  const rawParams = useParams();
  const paramsKey = JSON.stringify(rawParams);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same params, compared by value
  const params = useMemo(() => rawParams, [paramsKey]);
  const { search } = useLocation();
  const codes = useExamkitStore((s) => s.permCodes);
  const steps = useMemo(() => {
    const out: Step[] = [];
    for (const child of parent.children) {
      if (child.path.includes('*') || !hasPermission(codes, child.perm)) continue;
      const missing = missingParams(parent.path, child);
      if (missing.length === 0) out.push({ kind: 'go', to: generatePath(child.path, params) });
      else if (
        child.module === 'report' &&
        missing.length === 1 &&
        EXAM_PARAMS.includes(missing[0]!)
      )
        out.push({
          kind: 'report',
          path: child.path,
          grade: child.perm?.endsWith('Grade') ?? false,
        });
    }
    return out;
  }, [parent, codes, params]);
  const first = steps[0];
  const [resolved, setResolved] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (!first || first.kind === 'go') return;
    let live = true;
    void call(
      shellRoutes.teacherGetExam,
      { pageNum: 1, pageSize: 50 },
      { errorMessage: false },
    ).then((r) => {
      if (!live) return;
      const exam = r.ok ? r.data.list.find((e) => !first.grade || e.gradeReport) : undefined;
      if (!exam) {
        const direct = steps.find((s) => s.kind === 'go');
        setResolved(direct?.kind === 'go' ? direct.to : null);
        return;
      }
      const name = first.path.includes(':examId') ? 'examId' : 'id';
      setResolved(generatePath(first.path, { ...params, [name]: String(exam.examId) }));
    });
    return () => {
      live = false;
    };
  }, [first, steps, call, params]);

  useEffect(() => {
    if (!first) notifier.alert(DENIED_TITLE, DENIED_MESSAGE);
  }, [first, notifier]);

  if (!first)
    return (
      <section role="note" aria-label={DENIED_TITLE}>
        <h1>{DENIED_TITLE}</h1>
        <p>{DENIED_MESSAGE}</p>
      </section>
    );
  if (first.kind === 'go') return <Navigate to={`${first.to}${search}`} replace />;
  if (resolved === undefined) return <p role="status">{LOADING_TEXT}</p>;
  if (resolved) return <Navigate to={`${resolved}${search}`} replace />;
  return (
    <section role="note" aria-label="暂无报告">
      <h1>暂无可查看的报告</h1>
      <p>
        还没有您可以查看的考试报告：成绩出来并发布后，报告会出现在这里。
        {hasPermission(codes, 'Exam-Single') && <Link to="/exam/single">返回考试列表</Link>}
      </p>
    </section>
  );
}
