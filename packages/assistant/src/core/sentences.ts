const END = /[。！？!?；;…\n]|\.(?=\s|$)/g;

/**
 * Where the last complete sentence of `text` ends, at or after `from`: a screen reader hears an
 * answer one sentence at a time, not one token at a time.
 */
export function sentenceBoundary(text: string, from: number): number {
  let end = from;
  END.lastIndex = from;
  for (let m = END.exec(text); m; m = END.exec(text)) end = m.index + m[0].length;
  return end;
}
