import { choice, common, type DemoQuestion, type DemoTree } from './types';

/** 语文 (高中): the shared tree. */
export const CHINESE_TREE: DemoTree = {
  语言文字运用: ['成语', '病句辨析'],
  古代诗文: ['名句默写', '文学常识', '古诗鉴赏'],
  写作: ['材料作文'],
};

/** 名句: 上句, 下句, 作者, 篇名. */
const LINES: [string, string, string, string][] = [
  ['锲而不舍', '金石可镂', '荀子', '劝学'],
  ['青，取之于蓝', '而青于蓝', '荀子', '劝学'],
  ['不积跬步', '无以至千里', '荀子', '劝学'],
  ['长太息以掩涕兮', '哀民生之多艰', '屈原', '离骚'],
  ['人生如梦', '一尊还酹江月', '苏轼', '念奴娇·赤壁怀古'],
  ['大江东去', '浪淘尽，千古风流人物', '苏轼', '念奴娇·赤壁怀古'],
  ['寄蜉蝣于天地', '渺沧海之一粟', '苏轼', '赤壁赋'],
  ['艰难苦恨繁霜鬓', '潦倒新停浊酒杯', '杜甫', '登高'],
  ['无边落木萧萧下', '不尽长江滚滚来', '杜甫', '登高'],
  ['同是天涯沦落人', '相逢何必曾相识', '白居易', '琵琶行'],
  ['千呼万唤始出来', '犹抱琵琶半遮面', '白居易', '琵琶行'],
  ['安能摧眉折腰事权贵', '使我不得开心颜', '李白', '梦游天姥吟留别'],
  ['蜀道之难', '难于上青天', '李白', '蜀道难'],
  ['师者', '所以传道受业解惑也', '韩愈', '师说'],
  ['闻道有先后', '术业有专攻', '韩愈', '师说'],
  ['落霞与孤鹜齐飞', '秋水共长天一色', '王勃', '滕王阁序'],
  ['老当益壮', '宁移白首之心', '王勃', '滕王阁序'],
  ['羽扇纶巾', '谈笑间，樯橹灰飞烟灭', '苏轼', '念奴娇·赤壁怀古'],
  ['悟已往之不谏', '知来者之可追', '陶渊明', '归去来兮辞'],
  ['少无适俗韵', '性本爱丘山', '陶渊明', '归园田居'],
  ['想当年，金戈铁马', '气吞万里如虎', '辛弃疾', '永遇乐·京口北固亭怀古'],
  ['寻寻觅觅，冷冷清清', '凄凄惨惨戚戚', '李清照', '声声慢'],
  ['盈盈一水间', '脉脉不得语', '佚名', '迢迢牵牛星'],
  ['山不厌高，海不厌深', '周公吐哺，天下归心', '曹操', '短歌行'],
];

/** 成语 and its meaning. */
const IDIOMS: [string, string][] = [
  ['差强人意', '大体上还能使人满意'],
  ['不刊之论', '不可修改的言论，形容言论精当'],
  ['首当其冲', '最先受到攻击或遭遇灾难'],
  ['七月流火', '农历七月天气转凉'],
  ['空穴来风', '比喻消息和传说不是完全没有原因的'],
  ['炙手可热', '比喻权势大，气焰盛'],
  ['望其项背', '能够赶得上或比得上'],
  ['目无全牛', '形容技艺达到纯熟的境地'],
  ['文不加点', '形容写文章很快，不用涂改'],
  ['危言危行', '说正直的话，做正直的事'],
  ['不赞一词', '一句话也不说，形容文章写得好，别人无法修改'],
  ['万人空巷', '形容庆祝、欢迎等盛况'],
  ['罄竹难书', '罪行多得写不完'],
  ['美轮美奂', '形容房屋高大华丽'],
  ['上下其手', '比喻玩弄手法，串通作弊'],
  ['处心积虑', '蓄谋已久，千方百计地盘算'],
];

/** 病句 and its kind. */
const FLAWED: [string, string][] = [
  ['通过这次活动，使同学们增强了环保意识。', '成分残缺（缺主语）'],
  ['我们要不断提高和改进学习方法。', '搭配不当'],
  ['他的写作水平明显改进了。', '搭配不当'],
  ['能否保持良好的心态，是考试取得好成绩的关键。', '两面对一面'],
  ['大约有一百名左右的同学参加了比赛。', '语意重复'],
  ['我们应该培养并发现学生的创新能力。', '语序不当'],
  ['在老师的帮助下，使他的成绩提高很快。', '成分残缺（缺主语）'],
  ['这部电影的情节和演员都很精彩。', '搭配不当'],
];
const FLAW_KINDS = ['成分残缺（缺主语）', '搭配不当', '两面对一面', '语意重复', '语序不当'];

const PROMPTS = [
  '阅读下面的材料：“人们常说，细节决定成败。”请结合自己的学习与生活，写一篇不少于 800 字的文章。',
  '有人说，“慢”是一种智慧。请以“慢下来”为题，写一篇不少于 800 字的议论文。',
  '请以“我与家乡的一棵树”为题，写一篇不少于 800 字的记叙文。',
  '阅读材料：一位科学家说，“好奇心是最好的老师。”请据此写一篇不少于 800 字的文章，自拟题目。',
  '请以“传承”为话题，写一篇不少于 800 字的文章，文体自选，诗歌除外。',
  '阅读材料：“纸上得来终觉浅，绝知此事要躬行。”请写一篇不少于 800 字的文章，谈谈你的思考。',
];

const POEMS: { title: string; author: string; text: string; image: string; feeling: string }[] = [
  {
    title: '登高',
    author: '杜甫',
    text: '风急天高猿啸哀，渚清沙白鸟飞回。无边落木萧萧下，不尽长江滚滚来。',
    image: '落木、长江',
    feeling: '羁旅漂泊、年老多病的悲苦',
  },
  {
    title: '山居秋暝',
    author: '王维',
    text: '空山新雨后，天气晚来秋。明月松间照，清泉石上流。',
    image: '明月、清泉',
    feeling: '对隐居生活的喜爱',
  },
  {
    title: '黄鹤楼',
    author: '崔颢',
    text: '昔人已乘黄鹤去，此地空余黄鹤楼。黄鹤一去不复返，白云千载空悠悠。',
    image: '黄鹤、白云',
    feeling: '怀古与思乡之情',
  },
];

/** The 语文 demo questions (about 60). */
export function chineseQuestions(r: () => number): DemoQuestion[] {
  const out: DemoQuestion[] = [];
  for (const [first, second, author, title] of LINES)
    out.push({
      ...common(10, 2026),
      type: 'blank',
      difficulty: 1,
      stem: `补写出下列句子中的空缺部分：${first}，____。（${author}《${title}》）`,
      options: [],
      answer: second,
      analysis: `出自${author}《${title}》。`,
      points: ['名句默写'],
    });
  for (const [i, [, , author, title]] of LINES.entries())
    if (i % 2 === 0) {
      const other = LINES[(i + 5) % LINES.length]![2];
      const right = i % 4 === 0 || other === author;
      out.push({
        ...common(10, 2025),
        type: 'judge',
        difficulty: 1,
        stem: `判断：《${title}》的作者是${right ? author : other}。`,
        options: [],
        answer: right ? '正确' : '错误',
        analysis: `《${title}》的作者是${author}。`,
        points: ['文学常识'],
      });
    }
  for (const [i, [idiom, meaning]] of IDIOMS.entries()) {
    const wrong = [1, 2, 3].map((k) => IDIOMS[(i + k * 3) % IDIOMS.length]![1]);
    out.push({
      ...common(11, 2026),
      type: 'single',
      difficulty: 2,
      stem: `成语“${idiom}”的正确含义是`,
      ...choice(r, meaning, wrong),
      analysis: `“${idiom}”意为${meaning}，使用时要注意不望文生义。`,
      points: ['成语'],
    });
  }
  for (const [sentence, kind] of FLAWED)
    out.push({
      ...common(11, 2025),
      type: 'single',
      difficulty: 3,
      stem: `下面的句子有语病，其类型是：“${sentence}”`,
      ...choice(
        r,
        kind,
        FLAW_KINDS.filter((k) => k !== kind),
      ),
      analysis: `本句的问题属于${kind}。`,
      points: ['病句辨析'],
    });
  for (const prompt of PROMPTS)
    out.push({
      ...common(12, 2026),
      type: 'essay',
      difficulty: 4,
      stem: prompt,
      options: [],
      answer: '立意准确，中心明确，结构完整，语言通顺，不少于 800 字。',
      analysis: '审清材料的核心含义，确定立意后选择合适的文体与论据。',
      points: ['材料作文'],
    });
  for (const poem of POEMS)
    out.push({
      ...common(12, 2026),
      type: 'composite',
      difficulty: 3,
      stem: `阅读下面这首诗，完成后面的题目。\n\n${poem.title}（节选） ${poem.author}\n\n${poem.text}`,
      options: [],
      answer: '见各小题。',
      analysis: '',
      children: [
        {
          type: 'blank',
          stem: '诗中描写了哪些意象？',
          options: [],
          answer: poem.image,
          analysis: '找出诗中具体的景物。',
        },
        {
          type: 'answer',
          stem: '这首诗表达了诗人怎样的思想感情？',
          options: [],
          answer: poem.feeling,
          analysis: '结合意象与作者经历分析。',
        },
      ],
      points: ['古诗鉴赏'],
    });
  return out;
}
