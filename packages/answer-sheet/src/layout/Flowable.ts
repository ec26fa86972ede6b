import type { SheetRegion } from '../types';

/** A block that flows down a column and, when splittable, over columns and pages. */
export interface Flowable {
  height: number;
  /** The block's regions with its top-left corner at (x, y). */
  place(x: number, y: number): SheetRegion[];
  /**
   * Splits into a head no taller than `available` and the rest; null when it should rather
   * move on whole. `atColumnTop` says the block starts a column, where moving on would not help.
   */
  split?(available: number, atColumnTop: boolean): { head: Flowable; tail: Flowable } | null;
}
