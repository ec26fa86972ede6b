/** Points per millimetre: PDF user space is in points (1/72 in). */
export const PT_PER_MM = 72 / 25.4;

/** Millimetres to points. */
export function pt(mm: number): number {
  return mm * PT_PER_MM;
}

/** The drawing colours: markers black, frames dark, bubbles thin and light. */
export const INK = {
  solid: '#000000',
  frame: '#262626',
  text: '#1a1a1a',
  bubble: '#8c8c8c',
  bubbleLabel: '#a6a6a6',
  hint: '#666666',
} as const;

/** Line widths in millimetres. */
export const STROKE = { frame: 0.3, bubble: 0.2, line: 0.2, hair: 0.15 } as const;
