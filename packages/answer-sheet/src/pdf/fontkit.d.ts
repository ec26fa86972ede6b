declare module 'fontkit' {
  /** The parts of fontkit's font object pdfkit needs (it calls `layout`). */
  export interface Font {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
