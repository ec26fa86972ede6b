/**
 * 临界生: indices of present scores in [line − band, line), highest score first; ties by
 * `tieKeys` (student ids) when given, then by index.
 */
export function criticalStudents(
  scores: ArrayLike<number>,
  line: number,
  band: number,
  tieKeys?: readonly string[],
): number[] {
  const from = line - band;
  const found: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (v >= from && v < line) found.push(i);
  }
  return found.sort((a, b) => {
    const byScore = (scores[b] as number) - (scores[a] as number);
    if (byScore !== 0) return byScore;
    const ka = tieKeys?.[a] ?? '';
    const kb = tieKeys?.[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  });
}
