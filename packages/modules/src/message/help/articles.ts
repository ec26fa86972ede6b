/**
 * The help centre's articles (/new-home-help/index), one Markdown text per built module, kept
 * in the repository beside the pages they describe. Add an article here when a module is
 * built; `help.test.ts` checks that every article has a title, a module and some text.
 * @see docs/messages.md "Help centre"
 */
export interface HelpArticle {
  /** Stable id, used in the address (`?article=exam`). */
  id: string;
  title: string;
  /** The menu entry the article belongs to. */
  module: string;
  /** Markdown: `##` headings, lists, **bold**. */
  body: string;
}

export const PARENT_GUIDE_ARTICLE = 'parent-guide';

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'start',
    title: '快速上手',
    module: '首页',
    body: `## 登录
- 使用登录名和密码登录，也可以用手机号和短信验证码登录。
- 忘记密码时，在登录页点击 **忘记密码**，用绑定的手机号接收验证码后设置新密码。

## 首页与菜单
- 首页显示您的待办事项（待阅卷、待处理的考试）和最近的成绩报告。
- 顶部菜单只显示您的角色有权使用的模块；点击模块进入它的第一个页面。
- 右上角可以切换角色、打开 **消息**、**帮助中心** 和 **系统管理**。

## 修改密码与退出
点击右上角的姓名，选择 **修改密码** 或 **退出**。账号长时间不操作会自动退出，需要重新登录。`,
  },
  {
    id: 'exam',
    title: '单校考试',
    module: '考试管理',
    body: `## 创建考试
在 **考试管理 → 单校考试** 点击 **创建考试**，填写考试名称、考试类型、年级，选择科目和参加的班级。

## 考试的准备
- **考生与教师**：确认参加考试的学生和负责的教师。
- **试卷结构**：录入每道题的题号、分值和题型，客观题填写标准答案。
- **成绩导入**：不用扫描阅卷时，可以直接导入电子表格中的成绩。

## 考试状态
考试依次经过 草稿、答题卡就绪、扫描中、阅卷中、已完成、报告已发布。
只有学校管理员、教务主任和本年级的年级主任可以修改考试和更改状态。

## 发布报告
考试完成后，在考试的 **管理** 中点击 **发布报告** 并确认。发布后，参加考试班级的任课教师和班主任会收到消息，可以查看本班的成绩报告。`,
  },
  {
    id: 'answer-sheet',
    title: '答题卡制作',
    module: '考试管理',
    body: `## 设计答题卡
在 **考试工具 → 答题卡** 中选择考试科目，点击 **编辑答题卡**。答题卡根据试卷结构自动排版，可以调整栏数、考号类型、注意事项和密封线。

## 打印
预览无误后保存，下载 PDF 文件打印。打印时请使用原始尺寸，不要缩放，否则会影响识别。`,
  },
  {
    id: 'scan',
    title: '答题卡上传与识别',
    module: '考试管理',
    body: `## 上传扫描件
在 **单校考试** 中点击 **答题卡上传**，选择科目后上传扫描得到的图片或文件。上传中断后可以继续，已上传的部分不会重复上传。

## 识别与异常
- 系统自动识别考号、缺考标记和客观题的填涂。
- 无法确定的答题卡进入 **异常处理**，请逐张核对并修正。
- 客观题按标准答案自动计分，主观题切割后进入网上阅卷。`,
  },
  {
    id: 'marking',
    title: '网上阅卷',
    module: '考试管理',
    body: `## 设置题块
阅卷管理员在 **网上阅卷** 中为科目设置题块：选择题目、阅卷方式（单评、双评、三评）、误差范围和阅卷老师。保存后，阅卷老师会收到 **阅卷任务** 消息。

## 阅卷
阅卷老师打开题块开始阅卷，逐张给分后提交。看不清或有问题的试卷可以标记为 **问题卷**。

## 双评与仲裁
双评时两位老师的分差超过误差范围，试卷交给仲裁老师给出最终分数。

## 完成阅卷
所有题块结束后，管理员点击 **完成阅卷**，主观题成绩写入考试，相关老师会收到 **阅卷完成** 消息。`,
  },
  {
    id: 'report',
    title: '成绩报告',
    module: '考试管理',
    body: `## 查看报告
在单校考试列表中点击考试的 **查看报告**，可以进入 **班级报告**、**年级报告** 和 **快速讲评**。
任课教师只能看到所教班级和科目的数据，班主任可以看到本班所有科目。

## 报告内容
- **班级报告**：基本情况、试卷讲评、能力分析、学情分析、成绩单、错题集。
- **年级报告**：班级对比、分数段、排名分析、临界生和预警。

## 导出与打印
报告页面可以导出电子表格，成绩单和错题集可以打印。`,
  },
  {
    id: 'system',
    title: '系统管理',
    module: '系统管理',
    body: `## 学生、教师和班级
在 **系统管理** 中维护学生、教师和班级，可以逐个添加，也可以下载模板后批量导入。导入完成后，您会收到 **导入完成** 消息，说明新增和更新的行数；有错误时不会写入任何数据。

## 角色与权限
**角色管理** 决定每个角色能使用的菜单和数据范围。教师的数据范围由任教班级、班主任和年级主任的安排决定。

## 参数设置
在 **参数设置** 中设置成绩等级线、分数段、报告推送和作业设置等学校参数。`,
  },
  {
    id: 'ai',
    title: '智能助手',
    module: 'AI中心',
    body: `## 使用助手
点击页面右下角的助手按钮，可以就当前的成绩报告提问，例如“这次考试哪些题目得分率最低”。助手只能读取您有权查看的数据。

## 智能中心
在 **AI中心** 中可以查看历史对话，继续之前的问题。学校需要先配置模型，助手才会出现。`,
  },
  {
    id: 'message',
    title: '消息通知',
    module: '消息',
    body: `## 消息从哪里来
- **阅卷任务**：您被安排为题块的阅卷老师。
- **阅卷完成**：您参与或创建的考试科目阅卷完成。
- **报告发布**：您任教班级的考试报告已发布。
- **导入完成**：您导入的学生、教师或班级已处理完。
- **通知公告**：学校管理员发布给您的角色或班级的通知。

## 查看与标记已读
右上角 **消息** 旁的数字是未读消息数。打开一条消息即标记为已读，也可以点击 **全部标为已读**。

## 发布通知
学校管理员和教务主任可以在消息页面点击 **发布通知**，选择接收的角色或班级。`,
  },
  {
    id: PARENT_GUIDE_ARTICLE,
    title: '家长使用指南',
    module: '消息',
    body: `## 家长能看到什么
家长通过学校提供的家长端查看孩子的成绩单、错题集和学校发布的通知。只有报告发布后，家长才能看到本次考试的成绩。

## 老师需要做什么
- 确认班级学生的家长手机号正确，家长用这个手机号登录家长端。
- 考试报告发布后，提醒家长查看成绩单和错题集。
- 需要通知家长的事项，可以请学校管理员发布通知。

## 常见问题
家长收不到验证码时，请检查手机号是否填写正确，或联系学校管理员。`,
  },
  {
    id: 'teaching',
    title: '报告中心、学情与巩固提升',
    module: '学情分析',
    body: `## 报告中心
- 在首页的 **最新报告** 下点击 **进入报告中心**。
- **考试报告** 列出您可以查看的考试和报告入口；**题目列表** 按得分率列出本班需要关注的题目和薄弱知识点。
- **校级报告** 供学校管理者和年级主任查看全年级的题目列表；**教学报告** 对比您所教班级各学科与年级的均分和名次。

## 学情分析
- **学生学情**：选择班级和学生，查看历次考试的总分、名次和百分位趋势、学科均衡、知识点掌握和错题。
- **班级学情**：查看班级历次考试的均分、名次、知识点掌握和最近一次考试的易错题。
- 只显示您有权查看的班级和学科；报告发布后才会出现在这里。

## 巩固提升
- **易错题** 和 **薄弱知识点** 按考试列出各班得分率最低的题目和知识点。
- 在易错题页面点击 **用相似题组卷**，系统为该班该学科的易错题各选一道题库相似题，组成练习卷并保存到校本试卷。`,
  },
];

/** Articles whose title or text holds the word (case-insensitive; Chinese by substring). */
export function searchHelp(word: string, articles: readonly HelpArticle[] = HELP_ARTICLES) {
  const w = word.trim().toLowerCase();
  if (!w) return [...articles];
  return articles.filter(
    (a) => a.title.toLowerCase().includes(w) || a.body.toLowerCase().includes(w),
  );
}

/** A short piece of the article's text around the first place the word occurs. */
export function snippetOf(article: HelpArticle, word: string, radius = 24): string {
  const text = article.body.replace(/[#*`-]+\s?/g, '').replace(/\s+/g, ' ');
  const at = word ? text.toLowerCase().indexOf(word.trim().toLowerCase()) : -1;
  if (at < 0) return text.slice(0, radius * 2) + (text.length > radius * 2 ? '…' : '');
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + word.trim().length + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
