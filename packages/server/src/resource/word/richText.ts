/**
 * The bank's rich text as the Word export reads it (the same syntax as `parseRichText` in
 * `@examkit/modules/resource`): paragraphs split at blank lines; in a paragraph, `$$…$$` display
 * and `$…$` inline LaTeX, `![说明](地址)` images, `\$` a dollar sign, the rest text.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'math'; latex: string; display: boolean }
  | { kind: 'image'; url: string; alt: string };

/** Paragraphs of rich text. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const TOKEN = /\$\$([\s\S]+?)\$\$|\$((?:\\.|[^$\\])+?)\$|!\[([^\]]*)\]\(([^)\s]+)\)|\\\$/g;

/** The pieces of one paragraph. */
export function inlinesOf(paragraph: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  let last = 0;
  for (const m of paragraph.matchAll(TOKEN)) {
    text += paragraph.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === '\\$') {
      text += '$';
      continue;
    }
    if (text) out.push({ kind: 'text', text });
    text = '';
    if (m[1] !== undefined) out.push({ kind: 'math', latex: m[1].trim(), display: true });
    else if (m[2] !== undefined) out.push({ kind: 'math', latex: m[2].trim(), display: false });
    else out.push({ kind: 'image', alt: m[3] ?? '', url: m[4]! });
  }
  text += paragraph.slice(last);
  if (text) out.push({ kind: 'text', text });
  return out;
}
