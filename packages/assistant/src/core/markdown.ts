/**
 * A small Markdown reader for answers: headings, paragraphs, lists, tables, fenced code,
 * formulas (`$…$`, `$$…$$`), bold, italics, inline code and http(s) links. It yields data, not
 * HTML: the parts render it as React elements, so raw HTML in an answer stays text.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code' | 'math'; text: string }
  | { type: 'link'; href: string; text: string };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'math'; text: string }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'rule' };

const INLINE =
  /(\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`|\$[^$\n]+\$|\[[^\]\n]+\]\([^)\s]+\)|\*[^*\n]+\*)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ type: 'text', text: text.slice(last, match.index) });
    const token = match[0];
    if (token.startsWith('**') || token.startsWith('__'))
      out.push({ type: 'strong', children: parseInline(token.slice(2, -2)) });
    else if (token.startsWith('`')) out.push({ type: 'code', text: token.slice(1, -1) });
    else if (token.startsWith('$')) out.push({ type: 'math', text: token.slice(1, -1) });
    else if (token.startsWith('[')) {
      const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      out.push(
        /^https?:\/\//i.test(href)
          ? { type: 'link', href, text: label }
          : { type: 'text', text: token },
      );
    } else out.push({ type: 'em', children: parseInline(token.slice(1, -1)) });
    last = match.index + token.length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

const row = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => parseInline(c.trim()));

const isTableLine = (line: string | undefined) => line !== undefined && /^\s*\|.*\|\s*$/.test(line);

export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length)
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = /^\s*```(\w*)/.exec(line);
    if (fence) {
      endParagraph();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i] ?? ''); i++) code.push(lines[i] ?? '');
      blocks.push({ type: 'code', lang: fence[1] ?? '', text: code.join('\n') });
      continue;
    }
    if (/^\s*\$\$/.test(line)) {
      endParagraph();
      const rest = line.replace(/^\s*\$\$/, '');
      if (rest.trim().endsWith('$$')) {
        blocks.push({ type: 'math', text: rest.trim().slice(0, -2).trim() });
        continue;
      }
      const math: string[] = rest.trim() ? [rest] : [];
      for (i++; i < lines.length && !/\$\$\s*$/.test(lines[i] ?? ''); i++)
        math.push(lines[i] ?? '');
      const tail = (lines[i] ?? '').replace(/\$\$\s*$/, '');
      if (tail.trim()) math.push(tail);
      blocks.push({ type: 'math', text: math.join('\n').trim() });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({
        type: 'heading',
        level: (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6,
        children: parseInline(heading[2]?.replace(/\s+#+\s*$/, '') ?? ''),
      });
      continue;
    }
    if (isTableLine(line) && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1] ?? '')) {
      endParagraph();
      const header = row(line);
      const rows: Inline[][][] = [];
      for (i += 2; isTableLine(lines[i]); i++) rows.push(row(lines[i] ?? ''));
      i--;
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      const ordered = item[2] !== undefined;
      const previous = blocks.at(-1);
      const text = parseInline(item[3] ?? '');
      if (
        previous?.type === 'list' &&
        previous.ordered === ordered &&
        /^\s*$/.test(lines[i - 1] ?? 'x') === false
      )
        previous.items.push(text);
      else blocks.push({ type: 'list', ordered, items: [text] });
      continue;
    }
    if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      endParagraph();
      blocks.push({ type: 'rule' });
      continue;
    }
    if (/^\s*>/.test(line)) {
      endParagraph();
      blocks.push({ type: 'quote', children: parseInline(line.replace(/^\s*>\s?/, '')) });
      continue;
    }
    if (/^\s*$/.test(line)) {
      endParagraph();
      continue;
    }
    paragraph.push(line.trim());
  }
  endParagraph();
  return blocks;
}
