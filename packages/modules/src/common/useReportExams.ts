import { useEffect, useState } from 'react';
import type { DataOf, reportRoutes } from '@examkit/contracts';
import { shellRoutes } from './shellRoutes';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { useApiCall } from './useApiCall';

/** An exam whose reports the signed-in user may open (`/marking-report/teacher/getExam`). */
export type ReportExamRow = DataOf<typeof reportRoutes.teacherGetExam>['list'][number];

/** The keys that open single-school reports. */
export const REPORT_KEYS = ['Exam-Single-Report-Class', 'Exam-Single-Report-Grade'] as const;

/**
 * The newest exams whose reports the user may open, as the server's data scope decides
 * (school-wide roles: finished or published; everyone else: published, in their grades);
 * `[]` without a report key, `null` while loading.
 */
export function useReportExams(pageSize = 50): ReportExamRow[] | null {
  const call = useApiCall();
  const codes = useExamkitStore((s) => s.permCodes);
  const allowed = REPORT_KEYS.some((k) => hasPermission(codes, k));
  const [rows, setRows] = useState<ReportExamRow[] | null>(allowed ? null : []);
  useEffect(() => {
    if (!allowed) {
      setRows([]);
      return;
    }
    let live = true;
    void call(shellRoutes.teacherGetExam, { pageNum: 1, pageSize }, { errorMessage: false }).then(
      (r) => {
        if (live) setRows(r.ok ? r.data.list : []);
      },
    );
    return () => {
      live = false;
    };
  }, [call, allowed, pageSize]);
  return rows;
}

/** Where an exam's reports start for a user: the class report, or the grade report without a class key. */
export function reportLinksOf(
  exam: Pick<ReportExamRow, 'examId' | 'gradeReport'>,
  codes: Parameters<typeof hasPermission>[0],
): { label: string; to: string }[] {
  const links: { label: string; to: string }[] = [];
  if (hasPermission(codes, 'Exam-Single-Report-Class'))
    links.push({ label: '班级报告', to: `/exam/single/report/class/basic/${exam.examId}` });
  // The quick review reads the whole grade: the server asks for the grade report's key and scope.
  if (exam.gradeReport && hasPermission(codes, 'Exam-Single-Report-Grade')) {
    links.push({ label: '年级报告', to: `/exam/single/report/grade/basic/${exam.examId}` });
    if (hasPermission(codes, 'Exam-Single'))
      links.push({ label: '快速讲评', to: `/exam/report/exam/quickReview/${exam.examId}` });
  }
  return links;
}
