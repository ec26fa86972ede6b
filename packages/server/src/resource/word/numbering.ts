import { child, childrenOf, parseXml, type XmlNode } from './xmlTree';

/**
 * Word's automatic numbering (`word/numbering.xml`): a paragraph with `w:numPr` shows a number
 * Word computes (“1.”, “（1）”, “一、”, “A.”) that is not in its text. The splitter needs it, so
 * the reader writes it in front of the paragraph.
 */
interface Level {
  format: string;
  text: string;
  start: number;
}

const CHINESE = '零一二三四五六七八九十';

function chinese(n: number): string {
  if (n <= 10) return CHINESE[n]!;
  if (n < 20) return `十${CHINESE[n - 10]}`;
  if (n < 100) return `${CHINESE[Math.floor(n / 10)]}十${n % 10 ? CHINESE[n % 10] : ''}`;
  return String(n);
}

function formatNumber(n: number, format: string): string {
  switch (format) {
    case 'upperLetter':
      return String.fromCharCode(64 + ((n - 1) % 26) + 1);
    case 'lowerLetter':
      return String.fromCharCode(96 + ((n - 1) % 26) + 1);
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'ideographTraditional':
    case 'taiwaneseCounting':
      return chinese(n);
    case 'upperRoman':
    case 'lowerRoman': {
      const romans: [number, string][] = [
        [10, 'X'],
        [9, 'IX'],
        [5, 'V'],
        [4, 'IV'],
        [1, 'I'],
      ];
      let rest = n;
      let out = '';
      for (const [v, s] of romans)
        while (rest >= v) {
          out += s;
          rest -= v;
        }
      return format === 'lowerRoman' ? out.toLowerCase() : out;
    }
    default:
      return String(n);
  }
}

/** Numbers paragraphs in document order; `prefix` answers the visible number of one. */
export function createNumbering(xml: string | undefined) {
  const levels = new Map<string, Level[]>();
  if (xml) {
    const root = parseXml(xml).find((n) => n.tag === 'w:numbering');
    const abstract = new Map<string, Level[]>();
    for (const a of childrenOf(root, 'w:abstractNum')) {
      const list: Level[] = [];
      for (const lvl of childrenOf(a, 'w:lvl')) {
        list[Number(lvl.attrs['w:ilvl'] ?? 0)] = {
          format: child(lvl, 'w:numFmt')?.attrs['w:val'] ?? 'decimal',
          text: child(lvl, 'w:lvlText')?.attrs['w:val'] ?? '',
          start: Number(child(lvl, 'w:start')?.attrs['w:val'] ?? 1),
        };
      }
      abstract.set(a.attrs['w:abstractNumId'] ?? '', list);
    }
    for (const num of childrenOf(root, 'w:num')) {
      const id = child(num, 'w:abstractNumId')?.attrs['w:val'] ?? '';
      levels.set(num.attrs['w:numId'] ?? '', abstract.get(id) ?? []);
    }
  }
  const counters = new Map<string, number[]>();
  return {
    prefix(paragraph: XmlNode): string {
      const numPr = child(child(paragraph, 'w:pPr'), 'w:numPr');
      const numId = child(numPr, 'w:numId')?.attrs['w:val'];
      if (!numId || numId === '0') return '';
      const ilvl = Number(child(numPr, 'w:ilvl')?.attrs['w:val'] ?? 0);
      const list = levels.get(numId);
      const level = list?.[ilvl];
      if (!list || !level || level.format === 'bullet' || level.format === 'none') return '';
      const count = counters.get(numId) ?? [];
      count[ilvl] = count[ilvl] === undefined ? level.start : count[ilvl]! + 1;
      count.length = ilvl + 1;
      counters.set(numId, count);
      const text = level.text.replace(/%(\d)/g, (_, d: string) => {
        const i = Number(d) - 1;
        return formatNumber(count[i] ?? list[i]?.start ?? 1, list[i]?.format ?? 'decimal');
      });
      // Word puts a tab after the number; a space keeps “1.” apart from the text.
      return /[.)A-Za-z0-9]$/.test(text) ? `${text} ` : text;
    },
  };
}
