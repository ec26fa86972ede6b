import {
  homeworkDownloadRoutes as r,
  SUBMISSION_SOURCE_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@examkit/contracts';
import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { zipSync, type Zippable } from 'fflate';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { DownloadJobs } from '../download/jobs';
import { safe, ZIP } from '../download/routes';
import { writeSheet } from '../exam/spreadsheets';
import { loadHomework, requireSchoolBase } from './access';
import { homeworkSheetDocument } from './sheet';
import { openForCorrection, studentsOf } from './submissions/students';

const TAG = 'homework';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface HomeworkDownloadDeps extends DomainDeps {
  downloads: DownloadJobs;
}

/**
 * Registers 下载助手: a homework's 成绩单 and its scanned hand-ins (zip) over the students the
 * caller corrects (the correction screen's and the reports' rule), and the answer sheets (PDF)
 * of several homework (zip), each a download-centre job checked before it starts.
 */
export function registerHomeworkDownloadRoutes(
  router: Router,
  { db, files, downloads }: HomeworkDownloadDeps,
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

  router.sessionRoute(r.scansJob, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const students = await studentsOf(db, access, homework);
    const byId = new Map(students.map((s) => [s.studentId, s]));
    // Checked before the job: the pages of the caller's students, and the open exceptions
    // (listed to every teacher who corrects the homework, docs/homework.md "Who corrects").
    const pages = (
      await db
        .selectFrom('homework_scan_pages as p')
        .leftJoin('homework_submissions as sub', 'sub.id', 'p.submission_id')
        .select(['p.id', 'p.image_key', 'p.page', 'p.status', 'sub.student_id'])
        .where('p.homework_id', '=', homework.id)
        .where('p.image_key', 'is not', null)
        .orderBy('p.id')
        .execute()
    ).filter((p) =>
      p.status === 'exception' ? true : p.student_id !== null && byId.has(p.student_id),
    );
    if (pages.length === 0) throw notFound('这份作业还没有可导出的扫描答题卡');
    const title = `${homework.name}-作业扫描答题卡`;
    const { jobId } = await downloads.start(session, {
      kind: 'scans',
      title,
      params: { homeworkId: homework.id, export: 'homework-scans' },
      async run(progress) {
        progress(0, '正在查找扫描答题卡');
        const entries: Zippable = {};
        for (const [n, p] of pages.entries()) {
          const bytes = p.image_key ? await files.get(p.image_key) : null;
          const student = p.student_id === null ? undefined : byId.get(p.student_id);
          // A page scanned again replaces the earlier one (pages are in upload order).
          if (bytes)
            entries[
              student && p.status !== 'exception'
                ? `${safe(student.className)}/${safe(student.studentNo)}-${safe(student.name)}-第${p.page + 1}页.png`
                : `待处理异常/扫描${p.id}-第${p.page + 1}页.png`
            ] = [bytes, { level: 0 }];
          progress(((n + 1) / pages.length) * 90, `正在打包扫描答题卡 ${n + 1}/${pages.length}`);
        }
        if (Object.keys(entries).length === 0) throw notFound('没有可导出的扫描答题卡图像');
        progress(95, '正在生成压缩包');
        return { fileName: `${safe(title)}.zip`, contentType: ZIP, body: zipSync(entries) };
      },
    });
    return { jobId };
  });

  router.sessionRoute(r.sheetsJob, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    // Each homework is checked before the job: another school's, or one outside the caller's
    // grades and subjects, answers 作业不存在 as a missing one; one not split yet has no sheet.
    const chosen: Awaited<ReturnType<typeof loadHomework>>[] = [];
    for (const id of body.ids) {
      const row = await loadHomework(db, access, id);
      if (row.state === 'draft') throw badRequest(`${row.name}还没有确认题目，没有答题卡`);
      chosen.push(row);
    }
    const ids = chosen.map((h) => h.id).sort((a, b) => a - b);
    const title =
      chosen.length === 1
        ? `${chosen[0]!.name}-答题卡`
        : `${chosen[0]!.name}等${chosen.length}份作业-答题卡`;
    const { jobId } = await downloads.start(session, {
      kind: 'sheets',
      title,
      params: { homeworkIds: ids, export: 'homework-sheets' },
      async run(progress) {
        progress(0, '正在排版答题卡');
        const entries: Zippable = {};
        const used = new Set<string>();
        for (const [n, h] of chosen.entries()) {
          const document = await homeworkSheetDocument(db, h);
          let name = `${safe(h.name)}-答题卡.pdf`;
          if (used.has(name)) name = `${safe(h.name)}-${h.id}-答题卡.pdf`;
          used.add(name);
          entries[name] = await renderSheetPdf(document, {});
          progress(((n + 1) / chosen.length) * 95, `正在生成答题卡 ${n + 1}/${chosen.length}`);
        }
        return { fileName: `${safe(title)}.zip`, contentType: ZIP, body: zipSync(entries) };
      },
    });
    return { jobId };
  });
}
