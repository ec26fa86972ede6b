import {
  homeworkDownloadRoutes as r,
  SUBMISSION_SOURCE_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { DownloadJobs } from '../download/jobs';
import { writeSheet } from '../exam/spreadsheets';
import { openForCorrection, studentsOf } from './submissions/students';

const TAG = 'homework';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface HomeworkDownloadDeps extends DomainDeps {
  downloads: DownloadJobs;
}

/**
 * Registers 下载助手: a homework's 成绩单 as a download-centre job, over the students the caller
 * corrects (the correction screen's and the reports' rule), checked before the job starts.
 */
export function registerHomeworkDownloadRoutes(
  router: Router,
  { db, downloads }: HomeworkDownloadDeps,
): void {
  router.sessionRoute(r.scoresJob, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const students = await studentsOf(db, access, homework);
    if (students.length === 0) throw badRequest('您没有可导出的学生');
    const { jobId } = await downloads.start(session, {
      kind: 'report',
      title: `${homework.name}-作业成绩单`,
      params: { homeworkId: homework.id, export: 'homework-scores' },
      async run(progress) {
        progress(10, '正在读取提交');
        const ids = students.map((s) => s.studentId);
        const [questions, subs] = await Promise.all([
          db
            .selectFrom('homework_questions')
            .select(['no', 'label', 'full_marks'])
            .where('homework_id', '=', homework.id)
            .orderBy('no')
            .execute(),
          db
            .selectFrom('homework_submissions')
            .select(['id', 'student_id', 'status', 'source', 'score'])
            .where('homework_id', '=', homework.id)
            .where('student_id', 'in', ids)
            .execute(),
        ]);
        const answers = subs.length
          ? await db
              .selectFrom('homework_answers')
              .select(['submission_id', 'question_no', 'score'])
              .where(
                'submission_id',
                'in',
                subs.map((s) => s.id),
              )
              .execute()
          : [];
        progress(60, '正在生成成绩单');
        const bySubmission = new Map<number, Map<number, number | null>>();
        for (const a of answers) {
          const m = bySubmission.get(a.submission_id) ?? new Map<number, number | null>();
          m.set(a.question_no, a.score === null ? null : Number(a.score));
          bySubmission.set(a.submission_id, m);
        }
        const subOf = new Map(subs.map((s) => [s.student_id, s]));
        const rows = students.map((s) => {
          const sub = subOf.get(s.studentId);
          const scores = sub ? bySubmission.get(sub.id) : undefined;
          const status = (sub?.status ?? 'not_submitted') as SubmissionStatus;
          return [
            s.studentNo,
            s.name,
            s.className,
            SUBMISSION_STATUS_LABELS[status],
            sub
              ? SUBMISSION_SOURCE_LABELS[sub.source as keyof typeof SUBMISSION_SOURCE_LABELS]
              : '',
            sub?.score === null || sub?.score === undefined ? '' : Number(sub.score),
            ...questions.map((q) => scores?.get(q.no) ?? ''),
          ];
        });
        const body = await writeSheet(
          '作业成绩单',
          [
            '学号',
            '姓名',
            '班级',
            '状态',
            '来源',
            '得分',
            ...questions.map((q) => `第${q.label}题（${Number(q.full_marks)}分）`),
          ],
          rows,
        );
        return { fileName: `${homework.name}-作业成绩单.xlsx`, contentType: XLSX, body };
      },
    });
    return { jobId };
  });
}
