const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '子涵欣怡梓萱思琪雨桐浩然宇轩俊杰博文一诺诗涵明轩晨曦嘉怡佳琪天佑睿泽梓豪紫涵若汐书瑶亦辰';

/** A deterministic Chinese name for the n-th person, so the seed gives the same data every run. */
export function demoName(n: number): string {
  const surname = SURNAMES[n % SURNAMES.length] ?? '王';
  const a = GIVEN[(n * 7) % GIVEN.length] ?? '明';
  const b = GIVEN[(n * 13 + 5) % GIVEN.length] ?? '轩';
  return n % 3 === 0 ? `${surname}${a}` : `${surname}${a}${b}`;
}

const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治'];

export const subjectOf = (n: number) => SUBJECTS[n % SUBJECTS.length] ?? '语文';
