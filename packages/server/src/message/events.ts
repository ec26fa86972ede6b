import type { Notification } from './notify';

/**
 * The product's own messages, one builder per event, so the domains that cause them make one
 * call: `await notify(db, clock, reportPublished(exam))` (docs/messages.md).
 */

/** A report was published: the teachers of the exam's classes may read it now. */
export const reportPublished = (exam: {
  id: number;
  school_id: number;
  name: string;
}): Notification => ({
  schoolId: exam.school_id,
  kind: 'report_published',
  title: `${exam.name}成绩报告已发布`,
  content: `“${exam.name}”的成绩报告已发布，您可以查看所教班级的班级报告和成绩单。`,
  link: `/exam/single/report/class/basic/${exam.id}`,
  dedupeKey: `report:${exam.id}`,
  to: { examTeachers: exam.id },
});

interface ExamLike {
  id: number;
  school_id: number;
  name: string;
  created_by: number;
}
interface SubjectLike {
  id: number;
  subject_name: string;
}

/** A marking block was saved with its markers: each person named on it learns of the task once. */
export const markingAssigned = (
  exam: ExamLike,
  subject: SubjectLike,
  block: { id: number; name: string },
): Notification => ({
  schoolId: exam.school_id,
  kind: 'marking_assigned',
  title: `阅卷任务：${exam.name} ${subject.subject_name} ${block.name}`,
  content: `您被安排参与“${exam.name}”${subject.subject_name}“${block.name}”的阅卷，请在网上阅卷中开始阅卷。`,
  link: '/exam/marking',
  dedupeKey: `marking:${block.id}`,
  to: { blockIds: [block.id] },
});

/** Marking of a subject finished: its markers and the exam's creator learn that the scores are in. */
export const markingFinished = (exam: ExamLike, subject: SubjectLike): Notification => ({
  schoolId: exam.school_id,
  kind: 'marking_finished',
  title: `阅卷完成：${exam.name} ${subject.subject_name}`,
  content: `“${exam.name}”${subject.subject_name}的阅卷已全部完成，主观题成绩已写入。`,
  link: '/exam/marking',
  dedupeKey: `marking-finished:${subject.id}`,
  to: { userIds: [exam.created_by], subjectMarkers: subject.id },
});

const IMPORT_NAMES: Record<string, string> = {
  student: '学生',
  teacher: '教师',
  class: '班级',
};

/** An import ended: the person who started it gets its outcome. */
export const importFinished = (
  session: { schoolId: number; userId: number },
  kind: string,
  job: {
    jobId: number;
    status: 'ok' | 'rejected';
    total: number;
    inserted: number;
    updated: number;
    errors: readonly unknown[];
  },
): Notification => {
  const what = IMPORT_NAMES[kind] ?? '数据';
  return {
    schoolId: session.schoolId,
    kind: 'import_finished',
    title: job.status === 'ok' ? `${what}导入完成` : `${what}导入未通过`,
    content:
      job.status === 'ok'
        ? `共 ${job.total} 行：新增 ${job.inserted} 行，更新 ${job.updated} 行。`
        : `共 ${job.total} 行，有 ${job.errors.length} 处错误，未写入任何数据，请修改后重新导入。`,
    link: null,
    dedupeKey: `import:${job.jobId}`,
    to: { userIds: [session.userId] },
  };
};

/**
 * A teacher's papers are printed (试卷印刷 › 通知老师领取): one message per teacher, with their
 * own classes in `content`. Each print task is told once by its `informed_at` claim, so no key.
 */
export const printReady = (
  exam: { id: number; school_id: number; name: string },
  userId: number,
  content: string,
): Notification => ({
  schoolId: exam.school_id,
  kind: 'print_ready',
  title: `试卷已印好：${exam.name}`,
  content,
  link: `/exam/print?examId=${exam.id}`,
  to: { userIds: [userId] },
});

/** One class (or teaching class) a homework went to, as the homework messages name it. */
export interface HomeworkTarget {
  assignmentId: number;
  schoolId: number;
  homeworkName: string;
  subjectName: string;
  className: string;
  dueText: string;
}

/**
 * A homework was assigned to a class: its subject teachers other than the one assigning (a 备课组长
 * assigning for the grade) learn of it once (`homework-assigned:<assignment>`).
 */
export const homeworkAssigned = (t: HomeworkTarget, userIds: readonly number[]): Notification => ({
  schoolId: t.schoolId,
  kind: 'homework_assigned',
  title: `作业已布置：${t.className} ${t.homeworkName}`,
  content: `${t.subjectName}作业“${t.homeworkName}”已布置给${t.className}，截止时间 ${t.dueText}。`,
  link: '/homework/school-base',
  dedupeKey: `homework-assigned:${t.assignmentId}`,
  to: { userIds },
});

/**
 * An assigned homework's due time passed: the teacher who assigned it and the class's subject
 * teachers get one message with the class and its counts (`homework-due:<assignment>`).
 */
export const homeworkDue = (
  t: HomeworkTarget,
  counts: { students: number; submitted: number; questions: number },
  userIds: readonly number[],
): Notification => ({
  schoolId: t.schoolId,
  kind: 'homework_due',
  title: `作业已截止：${t.className} ${t.homeworkName}`,
  content: `${t.subjectName}作业“${t.homeworkName}”（${counts.questions} 道题）布置给${t.className}（${counts.students} 名学生），已于 ${t.dueText} 截止，已交 ${counts.submitted} 份，未交 ${Math.max(0, counts.students - counts.submitted)} 份。`,
  link: '/homework/school-base',
  dedupeKey: `homework-due:${t.assignmentId}`,
  to: { userIds },
});

/**
 * A platform operator invited the school into a region: its administrators learn of it once per
 * invitation (`region-invited:<region>:<time>`) and answer in 参数设置 · 区域设置.
 */
export const regionInvited = (
  regionName: string,
  invite: { regionId: number; schoolId: number; at: number },
  userIds: readonly number[],
): Notification => ({
  schoolId: invite.schoolId,
  kind: 'region_invited',
  title: `区域邀请：${regionName}`,
  content: `${regionName}邀请本校加入区域。同意后，该区域的教育局账号可以查看本校的考试和报告（只读）。请在“系统管理 → 参数设置 → 区域设置”中同意或拒绝。`,
  link: '/system/parm/level',
  dedupeKey: `region-invited:${invite.regionId}:${invite.at}`,
  to: { userIds },
});
