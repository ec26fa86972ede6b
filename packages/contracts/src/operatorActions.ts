/** The operators' log actions, without a schema library (`@examkit/contracts/rules`). */
/** What the operator did, as the console's audit log (操作日志) names it. */
export const OPERATOR_ACTIONS = {
  'region.create': '新建区域',
  'school.invite': '邀请学校加入',
  'school.cancel': '撤回邀请',
  'school.remove': '移出学校',
  'bureau.create': '新建教育局账号',
  'bureau.reset_password': '重置密码',
  'bureau.disable': '停用教育局账号',
  'bureau.enable': '启用教育局账号',
  'operator.create': '新建运营账号',
  'operator.reset_password': '重置运营账号密码',
  'operator.disable': '停用运营账号',
  'operator.enable': '启用运营账号',
  // A school administrator's own answers (参数设置 · 区域设置), in the same log.
  'school.accept': '学校同意加入',
  'school.decline': '学校拒绝邀请',
  'school.leave': '学校退出区域',
} as const;

/** Every action key, for the log's 操作 filter. */
export const OPERATOR_ACTION_KEYS = Object.keys(OPERATOR_ACTIONS) as [
  keyof typeof OPERATOR_ACTIONS,
  ...(keyof typeof OPERATOR_ACTIONS)[],
];
