/** Every text the assistant shows; pass `labels` to a component to change them. */
export const ASSISTANT_TEXTS = {
  greeting: '你好，有什么问题尽管问我吧',
  /** Spec 000 §8: the chat client's duplicate request. */
  duplicate: '重复请求，自动拦截并取消',
  /** Spec 000 §8: code 500 from the chat client. */
  serverError: '请求出错，请稍后再试！',
  network: '网络连接中断，请稍后再试',
  title: 'AI助手',
  history: '历史记录',
  newChat: '开始对话',
  close: '关闭',
  send: '发送',
  stop: '停止生成',
  retry: '重新生成',
  copy: '复制',
  copied: '已复制',
  edit: '编辑',
  resend: '重新发送',
  cancel: '取消',
  exportWord: '导出Word',
  rename: '重命名',
  delete: '删除',
  save: '保存',
  open: '打开',
  placeholder: '输入问题，Enter 发送，Shift+Enter 换行',
  question: '问题',
  transcript: '对话记录',
  thinking: '正在思考…',
  stopped: '已停止生成',
  emptyHistory: '暂无历史对话',
  suggestions: '你可以这样问',
  confirmDelete: '确定删除该对话？',
  sessionTitle: '对话标题',
  lookingUp: '正在查询数据…',
} as const;

export type AssistantTexts = { [K in keyof typeof ASSISTANT_TEXTS]: string };
