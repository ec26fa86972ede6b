/** Slots of `marking_tasks`: independent marks 1-3, the blind re-check 5, a seed paper 6, arbitration 9. */
export const SLOT = { third: 3, recheck: 5, seed: 6, arbitration: 9 } as const;
