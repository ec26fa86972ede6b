// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types; the declaration travels with its only user
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';

interface Run {
  glyphs: unknown[];
  positions: Record<string, number>[];
  readonly advanceWidth: number;
}

/** A run with its own positions; like fontkit's GlyphRun, its advance width follows the positions. */
function freshRun(glyphs: unknown[], positions: Record<string, number>[]): Run {
  const copies = positions.map((p) => ({ ...p }));
  return {
    glyphs,
    positions: copies,
    get advanceWidth() {
      return copies.reduce((sum, p) => sum + (p.xAdvance ?? 0), 0);
    },
  };
}

/**
 * Parsed fonts, kept per process: a CJK collection is ~20 MB, so a batch of sheets parses it once.
 */
const fonts = new Map<string, Font>();

/** Shaped strings kept per font. */
const LAYOUT_CACHE_LIMIT = 10_000;

/**
 * Shapes each string once per process. pdfkit scales the positions of a run in place, so every
 * caller gets fresh copies of them; glyphs are shared and never changed.
 */
function withLayoutCache(font: Font): Font {
  const runs = new Map<string, Run>();
  const layout = (text: string, features?: unknown): Run => {
    if (features !== undefined) return font.layout(text, features) as Run;
    let run = runs.get(text);
    if (!run) {
      const shaped = font.layout(text) as Run;
      run = freshRun(shaped.glyphs, shaped.positions);
      // Printed names and numbers differ per sheet; a bound keeps a long batch from growing without end.
      if (runs.size >= LAYOUT_CACHE_LIMIT) runs.clear();
      runs.set(text, run);
    }
    return freshRun(run.glyphs, run.positions);
  };
  return new Proxy(font, {
    get(target, prop) {
      if (prop === 'layout') return layout;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** The parsed face `family` of the font file at `path`, cached with its shaped strings. */
export function loadFont(path: string, family: string): Font {
  const key = `${path}#${family}`;
  let font = fonts.get(key);
  if (!font) {
    font = withLayoutCache(create(readFileSync(path), family));
    fonts.set(key, font);
  }
  return font;
}
