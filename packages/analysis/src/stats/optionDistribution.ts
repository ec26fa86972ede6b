import type { OptionCount } from '../types';

const PATTERNS = 256;
/** Pattern counts, all 0 between calls (reused: no allocation per question and group). */
const scratch = new Int32Array(PATTERNS);

/** Option counts and blank rate over the listed students (indices into `responses`). */
export function optionDistributionOf(
  responses: ArrayLike<number>,
  members: ArrayLike<number>,
  options: readonly string[],
): { readonly options: OptionCount[]; readonly blankRate: number | null } {
  const counts = new Int32Array(options.length);
  // Count each answer pattern once, then spread the patterns over their options (exact counts).
  const patterns = scratch;
  let blank = 0;
  const n = members.length;
  for (let k = 0; k < n; k++) {
    const mask = responses[members[k] as number] as number;
    if (!(mask > 0)) {
      blank++;
      continue;
    }
    if (mask < PATTERNS && (mask | 0) === mask) {
      patterns[mask]!++;
      continue;
    }
    for (let o = 0; o < options.length; o++) if (mask & (1 << o)) counts[o]!++;
  }
  for (let mask = 1; mask < PATTERNS; mask++) {
    const c = patterns[mask] as number;
    if (c === 0) continue;
    patterns[mask] = 0;
    for (let o = 0; o < options.length; o++) if (mask & (1 << o)) counts[o]! += c;
  }
  const rate = (c: number) => (n > 0 ? c / n : null);
  return {
    options: options.map((option, o) => ({
      option,
      count: counts[o] as number,
      rate: rate(counts[o] as number),
    })),
    blankRate: rate(blank),
  };
}

/**
 * Option counts and blank rate of an objective question. Each response is a bit mask over
 * `options` (bit i = option i); 0 or NaN is blank. A multiple-choice answer counts toward each chosen option.
 */
export function optionDistribution(
  responses: ArrayLike<number>,
  options: readonly string[],
): { readonly options: OptionCount[]; readonly blankRate: number | null } {
  const everyone = new Int32Array(responses.length);
  for (let s = 0; s < everyone.length; s++) everyone[s] = s;
  return optionDistributionOf(responses, everyone, options);
}
