/**
 * Estimated advance of one character in ems: CJK and full-width characters are one em
 * in Noto Sans CJK; everything else is taken as 0.6 em, wider than its real Latin glyphs,
 * so a line estimated to fit always fits when printed.
 */
export function charWidthEm(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x2e80 || (code >= 0x2000 && code <= 0x206f) ? 1 : 0.6;
}

/** Estimated width in millimetres of a single line at a font size in millimetres. */
export function textWidthMm(text: string, fontSizeMm: number): number {
  let ems = 0;
  for (const char of text) ems += charWidthEm(char);
  return ems * fontSizeMm;
}

/** Breaks text into lines no wider than `widthMm`; explicit newlines are kept. */
export function wrapText(text: string, widthMm: number, fontSizeMm: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    for (const char of paragraph) {
      const w = charWidthEm(char) * fontSizeMm;
      if (width + w > widthMm && line.length > 0) {
        lines.push(line);
        line = '';
        width = 0;
      }
      line += char;
      width += w;
    }
    lines.push(line);
  }
  return lines;
}
