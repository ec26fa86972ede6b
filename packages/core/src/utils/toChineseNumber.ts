const DIGITS = '零一二三四五六七八九';
const UNITS = ['', '十', '百', '千'];
const SECTIONS = ['', '万', '亿'];

/**
 * A whole number below 10¹² in Chinese numerals: 10 → 十, 21 → 二十一, 105 → 一百零五,
 * 10010 → 一万零一十. Fractions are truncated, the sign is written 负; anything else gives ''.
 */
export function toChineseNumber(value: number): string {
  if (!(Math.abs(value) < 1e12)) return '';
  // Spell every digit with its unit and section mark, then tidy the zeros the way they are read.
  const spelled = [...String(Math.trunc(Math.abs(value)))]
    .reverse()
    .map((d, i) => (d === '0' ? '零' : DIGITS[+d]! + UNITS[i % 4]) + (i % 4 ? '' : SECTIONS[i / 4]))
    .reverse()
    .join('')
    .replace(/零+/g, '零')
    .replace(/零([万亿])/g, '$1')
    .replace(/亿万零?/, '亿零')
    .replace(/(.)零$/, '$1')
    .replace(/^一十/, '十');
  return (value <= -1 ? '负' : '') + spelled;
}
