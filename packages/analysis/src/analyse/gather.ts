/** Values of `column` at `members`, as a new array. */
export function gather(column: ArrayLike<number>, members: ArrayLike<number>): Float64Array {
  const out = new Float64Array(members.length);
  for (let k = 0; k < members.length; k++) out[k] = column[members[k] as number] as number;
  return out;
}

/** The members with a score, in member order. */
export function presentMembers(members: Int32Array, scores: Float64Array): Int32Array {
  let count = 0;
  for (let k = 0; k < members.length; k++) if (!Number.isNaN(scores[k])) count++;
  const present = new Int32Array(count);
  let j = 0;
  for (let k = 0; k < members.length; k++)
    if (!Number.isNaN(scores[k])) present[j++] = members[k] as number;
  return present;
}

/** Code-unit order, the same in every locale and runtime. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
