import type { OptionCount } from '../types';

/** Option counts and blank rate over the listed students (indices into `responses`). */
export function optionDistributionOf(
  responses: ArrayLike<number>,
  members: ArrayLike<number>,
  options: readonly string[],
): { readonly options: OptionCount[]; readonly blankRate: number | null } {
  const counts = new Int32Array(options.length);
  let blank = 0;
  const n = members.length;
  for (let k = 0; k < n; k++) {
    const mask = responses[members[k] as number] as number;
    if (!(mask > 0)) {
      blank++;
      continue;
    }
    for (let o = 0; o < options.length; o++) if (mask & (1 << o)) counts[o]!++;
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
