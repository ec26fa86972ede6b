/**
 * The rich text of bank questions: paragraphs separated by blank lines, LaTeX between `$…$`
 * (inline) or `$$…$$` (display), images as `![说明](地址)`. Parsed once into segments so pages,
 * the Word export and tests agree on one reading. `\$` is a literal dollar sign.
 */
export type RichSegment =
  | { kind: 'text'; text: string }
  | { kind: 'math'; latex: string; display: boolean }
  | { kind: 'image'; src: string; alt: string };

const TOKEN = /\\\$|\$\$([\s\S]+?)\$\$|\$([^$]+?)\$|!\[([^\]]*)\]\(([^)\s]+)\)/g;

/** Splits one paragraph into text, formula and image segments. */
export function parseRichLine(text: string): RichSegment[] {
  const out: RichSegment[] = [];
  let last = 0;
  const pushText = (s: string) => {
    if (!s) return;
    const prev = out[out.length - 1];
    if (prev?.kind === 'text') prev.text += s;
    else out.push({ kind: 'text', text: s });
  };
  for (const m of text.matchAll(TOKEN)) {
    pushText(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[0] === '\\$') pushText('$');
    else if (m[1] !== undefined) out.push({ kind: 'math', latex: m[1].trim(), display: true });
    else if (m[2] !== undefined) out.push({ kind: 'math', latex: m[2].trim(), display: false });
    else out.push({ kind: 'image', alt: m[3] ?? '', src: m[4] ?? '' });
  }
  pushText(text.slice(last));
  return out;
}

/** Paragraphs (split on blank lines) of segments. */
export function parseRichText(text: string): RichSegment[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(parseRichLine);
}

/** Whether a text holds any formula (pages load the formula renderer only then). */
export const hasMath = (text: string): boolean =>
  parseRichText(text).some((p) => p.some((s) => s.kind === 'math'));
