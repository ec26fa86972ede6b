/** Message kinds without a schema library, for the shell (`@examkit/contracts/rules`). */

/** What sent a message: the product itself (one kind per event) or an administrator's notice. */
export const MESSAGE_KINDS = [
  'marking_assigned',
  'marking_finished',
  'report_published',
  'import_finished',
  'print_ready',
  'homework_assigned',
  'homework_due',
  'region_invited',
  'notice',
] as const;
/** The Chinese name of each kind, as the list shows it. */
export const MESSAGE_KIND_NAMES: Readonly<Record<MessageKindName, string>> = {
  marking_assigned: '阅卷任务',
  marking_finished: '阅卷完成',
  report_published: '报告发布',
  import_finished: '导入完成',
  print_ready: '试卷印好',
  homework_assigned: '作业布置',
  homework_due: '作业截止',
  region_invited: '区域邀请',
  notice: '通知公告',
};

/** One of `MESSAGE_KINDS`. */
export type MessageKindName = (typeof MESSAGE_KINDS)[number];
