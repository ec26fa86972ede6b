import { choice, common, type DemoQuestion, type DemoTree } from './types';

/** 英语 (高中): the shared tree. */
export const ENGLISH_TREE: DemoTree = {
  语法: ['一般现在时', '一般过去时', '定语从句'],
  词汇: ['近义词'],
  阅读: ['阅读理解'],
  写作: ['书面表达'],
};

/** base, third person, past, -ing. */
const VERBS: [string, string, string, string][] = [
  ['go', 'goes', 'went', 'going'],
  ['read', 'reads', 'read', 'reading'],
  ['play', 'plays', 'played', 'playing'],
  ['watch', 'watches', 'watched', 'watching'],
  ['study', 'studies', 'studied', 'studying'],
  ['visit', 'visits', 'visited', 'visiting'],
  ['write', 'writes', 'wrote', 'writing'],
  ['take', 'takes', 'took', 'taking'],
  ['clean', 'cleans', 'cleaned', 'cleaning'],
  ['swim', 'swims', 'swam', 'swimming'],
];
const OBJECTS: Record<string, string> = {
  go: 'to the library',
  read: 'English newspapers',
  play: 'basketball',
  watch: 'the news',
  study: 'physics',
  visit: 'her grandparents',
  write: 'letters to his pen friend',
  take: 'a walk after supper',
  clean: 'the classroom',
  swim: 'in the river',
};
const PEOPLE = ['Tom', 'My sister', 'Li Ming', 'Our teacher'];

/** Antecedent → relative word. */
const CLAUSES: [string, string][] = [
  ['This is the book ____ I bought yesterday.', 'which'],
  ['The girl ____ is singing under the tree is my cousin.', 'who'],
  ['I still remember the day ____ we first met.', 'when'],
  ['This is the village ____ my father was born.', 'where'],
  ['The man ____ car was stolen called the police.', 'whose'],
  ['The pen ____ you lent me writes well.', 'which'],
  ['Do you know the teacher ____ teaches us music?', 'who'],
  ['The reason ____ he was late is not clear.', 'why'],
  ['The hotel ____ we stayed last summer was clean.', 'where'],
  ['I will never forget the year ____ I joined the team.', 'when'],
];
const RELATIVES = ['which', 'who', 'when', 'where', 'whose', 'why'];

const SYNONYMS: [string, string, string[]][] = [
  ['begin', 'start', ['finish', 'borrow', 'forget']],
  ['big', 'large', ['tiny', 'quick', 'quiet']],
  ['glad', 'happy', ['angry', 'tired', 'empty']],
  ['quickly', 'fast', ['slowly', 'rarely', 'loudly']],
  ['difficult', 'hard', ['easy', 'cheap', 'wet']],
  ['choose', 'select', ['refuse', 'repair', 'return']],
  ['answer', 'reply', ['ask', 'wonder', 'doubt']],
  ['enough', 'sufficient', ['scarce', 'narrow', 'empty']],
  ['receive', 'get', ['send', 'lose', 'lend']],
  ['finish', 'complete', ['begin', 'delay', 'waste']],
  ['mistake', 'error', ['answer', 'reason', 'result']],
  ['famous', 'well-known', ['unknown', 'ordinary', 'private']],
];

const PASSAGES: { text: string; q1: [string, string, string[]]; q2: [string, string] }[] = [
  {
    text: 'Every Saturday morning, Anna volunteers at the city library. She helps children find books and reads stories to them. She says the smiles on their faces make her week.',
    q1: [
      'When does Anna volunteer at the library?',
      'On Saturday mornings',
      ['On Sunday evenings', 'Every weekday', 'During the holidays'],
    ],
    q2: ['Why does Anna enjoy her work?', 'The children’s smiles make her happy.'],
  },
  {
    text: 'Bamboo grows very fast. Some kinds can grow nearly one metre in a single day. Because it is strong and light, people use it to build houses, bridges and furniture.',
    q1: [
      'What is special about bamboo?',
      'It grows very fast',
      ['It is very heavy', 'It only grows in winter', 'It cannot be used'],
    ],
    q2: ['Give two things people build with bamboo.', 'Houses and bridges (or furniture).'],
  },
  {
    text: 'Jack wanted to run a marathon. At first he could only run two kilometres. He practised every day for six months, and last spring he finished his first marathon.',
    q1: [
      'How long did Jack practise?',
      'For six months',
      ['For two weeks', 'For a year', 'For three days'],
    ],
    q2: ['What can we learn from Jack?', 'Practice and patience lead to success.'],
  },
];

const WRITING = [
  '假定你是李华，你校下周将举办英语文化节。请给外教 Mr. Smith 写一封邮件，邀请他参加。词数 80 左右。',
  '假定你是李华，你的英国朋友 Chris 想了解中国的传统节日春节。请写一封回信介绍。词数 80 左右。',
  '请以 “My Favourite Sport” 为题写一篇短文，介绍你最喜欢的运动及原因。词数 80 左右。',
  '你校正在开展“节约粮食”活动，请为校英语报写一篇倡议书。词数 80 左右。',
];

/** The 英语 demo questions (about 90). */
export function englishQuestions(r: () => number): DemoQuestion[] {
  const out: DemoQuestion[] = [];
  for (const [i, [base, third, past, ing]] of VERBS.entries())
    for (const [j, person] of PEOPLE.entries()) {
      const everyDay = (i + j) % 2 === 0;
      out.push({
        ...common(10, 2026),
        type: 'single',
        difficulty: 1,
        stem: `${person} ____ ${OBJECTS[base]} ${everyDay ? 'every day' : 'yesterday'}.`,
        ...choice(r, everyDay ? third : past, [base, ing, everyDay ? past : third]),
        analysis: everyDay
          ? `every day 表示经常性动作，用一般现在时；主语是第三人称单数，填 ${third}。`
          : `yesterday 表示过去的时间，用一般过去时，填 ${past}。`,
        points: [everyDay ? '一般现在时' : '一般过去时'],
      });
    }
  for (const [sentence, word] of CLAUSES)
    out.push({
      ...common(11, 2025),
      type: 'single',
      difficulty: 3,
      stem: sentence,
      ...choice(r, word, RELATIVES.filter((w) => w !== word).slice(0, 3)),
      analysis: `先行词在从句中的作用决定关系词，本题填 ${word}。`,
      points: ['定语从句'],
    });
  for (const [word, same, others] of SYNONYMS)
    out.push({
      ...common(10, 2025),
      type: 'single',
      difficulty: 2,
      stem: `Which word is closest in meaning to “${word}”?`,
      ...choice(r, same, others),
      analysis: `“${word}”与“${same}”意思相近。`,
      points: ['近义词'],
    });
  for (const p of PASSAGES)
    out.push({
      ...common(11, 2026),
      type: 'composite',
      difficulty: 3,
      stem: `阅读短文，回答问题。\n\n${p.text}`,
      options: [],
      answer: '见各小题。',
      analysis: '',
      children: [
        {
          type: 'single',
          stem: p.q1[0],
          ...choice(r, p.q1[1], p.q1[2]),
          analysis: '在短文中找到对应的句子。',
        },
        { type: 'answer', stem: p.q2[0], options: [], answer: p.q2[1], analysis: '概括短文要点。' },
      ],
      points: ['阅读理解'],
    });
  for (const prompt of WRITING)
    out.push({
      ...common(12, 2026),
      type: 'essay',
      difficulty: 4,
      stem: prompt,
      options: [],
      answer: '要点齐全，语法正确，行文连贯，词数符合要求。',
      analysis: '先列要点，再用恰当的连接词组织成文。',
      points: ['书面表达'],
    });
  return out;
}
