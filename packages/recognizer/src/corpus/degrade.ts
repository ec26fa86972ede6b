import { invert, type Mat3 } from '../geometry';
import { warp } from '../image';
import type { RawImage } from '../types';

/**
 * Places the page on a scanner canvas `pad` pixels larger on every side: rotated by `deg`
 * about its centre, scaled, shifted (pixels) and optionally upside down; bilinear sampling.
 */
export function placeOnCanvas(
  page: RawImage,
  deg: number,
  scale: number,
  shiftX: number,
  shiftY: number,
  upsideDown: boolean,
  pad: number,
): RawImage {
  const W = Math.round(page.width + 2 * pad);
  const H = Math.round(page.height + 2 * pad);
  const t = ((deg + (upsideDown ? 180 : 0)) * Math.PI) / 180;
  const c = Math.cos(t) * scale;
  const s = Math.sin(t) * scale;
  const pcx = page.width / 2;
  const pcy = page.height / 2;
  const ccx = W / 2 + shiftX;
  const ccy = H / 2 + shiftY;
  // page → canvas
  const fwd: Mat3 = [c, -s, ccx - c * pcx + s * pcy, s, c, ccy - s * pcx - c * pcy, 0, 0, 1];
  return warp(page, invert(fwd), 0, 0, 1, W, H);
}

/** 3 × 3 box blur, `passes` times (≈ Gaussian). */
export function boxBlur(img: RawImage, passes: number): void {
  const { width: w, height: h } = img;
  const tmp = new Uint8Array(w * h);
  for (let p = 0; p < passes; p++) {
    const d = img.data;
    for (let y = 0; y < h; y++) {
      const o = y * w;
      tmp[o] = d[o]!;
      tmp[o + w - 1] = d[o + w - 1]!;
      for (let x = 1; x < w - 1; x++)
        tmp[o + x] = ((d[o + x - 1]! + d[o + x]! + d[o + x + 1]!) / 3 + 0.5) | 0;
    }
    for (let y = 1; y < h - 1; y++) {
      const o = y * w;
      for (let x = 0; x < w; x++)
        d[o + x] = ((tmp[o + x - w]! + tmp[o + x]! + tmp[o + x + w]!) / 3 + 0.5) | 0;
    }
  }
}

/** Uneven light: a linear fall-off of up to `strength` in direction `angle`, plus a separable vignette. */
export function unevenLight(
  img: RawImage,
  strength: number,
  angle: number,
  vignette: number,
): void {
  const { width: w, height: h } = img;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const diag = Math.hypot(w, h);
  const col = new Float32Array(w);
  const row = new Float32Array(h);
  for (let x = 0; x < w; x++) {
    const rx = (x - w / 2) / w;
    col[x] = -strength * (((x - w / 2) * ca) / diag) - vignette * rx * rx * 2;
  }
  for (let y = 0; y < h; y++) {
    const ry = (y - h / 2) / h;
    row[y] = 1 - strength * (((y - h / 2) * sa) / diag + 0.5) - vignette * ry * ry * 2;
  }
  const d = img.data;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const ry = row[y]!;
    for (let x = 0; x < w; x++) d[o + x] = (d[o + x]! * (ry + col[x]!)) | 0;
  }
}

/** Additive Gaussian-like noise of standard deviation `sigma` (sum of three uniforms). */
export function addNoise(img: RawImage, sigma: number, seed: number): void {
  let s = seed >>> 0 || 1;
  const k = sigma * 2; // three uniforms in [-0.5, 0.5] have σ = 0.5
  const d = img.data;
  for (let i = 0; i < d.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const u = ((s & 0xff) + ((s >>> 8) & 0xff) + ((s >>> 16) & 0xff)) / 255 - 1.5;
    const v = d[i]! + u * k;
    d[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
}

/** 1-bit: black below `threshold`. */
export function threshold(img: RawImage, t: number): void {
  const d = img.data;
  for (let i = 0; i < d.length; i++) d[i] = d[i]! < t ? 0 : 255;
}

const BAYER8 = (() => {
  const m = [0];
  let n = 1;
  let cur = [[0]];
  while (n < 8) {
    const next: number[][] = [];
    for (let y = 0; y < 2 * n; y++) {
      next.push([]);
      for (let x = 0; x < 2 * n; x++) {
        const q = (y < n ? 0 : 2) + (x < n ? 0 : 1);
        const add = [0, 2, 3, 1][q]!;
        next[y]!.push(4 * cur[y % n]![x % n]! + add);
      }
    }
    cur = next;
    n *= 2;
  }
  void m;
  return cur.flat().map((v) => ((v + 0.5) / 64) * 255);
})();

/** Ordered (Bayer 8 × 8) dithering to 1 bit. */
export function orderedDither(img: RawImage): void {
  const { width: w, data: d } = img;
  for (let i = 0; i < d.length; i++) {
    const x = i % w;
    const y = (i / w) | 0;
    d[i] = d[i]! > BAYER8[(y & 7) * 8 + (x & 7)]! ? 255 : 0;
  }
}

/** Floyd–Steinberg error diffusion to 1 bit. */
export function errorDiffusion(img: RawImage): void {
  const { width: w, height: h } = img;
  const e = new Float32Array(img.data);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const old = e[i]!;
      const nv = old < 128 ? 0 : 255;
      const err = old - nv;
      img.data[i] = nv;
      if (x + 1 < w) e[i + 1]! += (err * 7) / 16;
      if (y + 1 < h) {
        if (x > 0) e[i + w - 1]! += (err * 3) / 16;
        e[i + w]! += (err * 5) / 16;
        if (x + 1 < w) e[i + w + 1]! += err / 16;
      }
    }
  }
}

/**
 * Speckle of a black-and-white scanner (dust, paper fibre, a dirty glass): isolated black specks
 * of 1–2 px over the page (`density` a pixel) and as many white drop-outs in the ink.
 */
export function addSpeckle(img: RawImage, density: number, seed: number): void {
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const { width: w, height: h, data } = img;
  const n = Math.round(w * h * density);
  for (let i = 0; i < n; i++) {
    const x = Math.floor(next() * (w - 1));
    const y = Math.floor(next() * (h - 1));
    const o = y * w + x;
    const v = data[o]! < 128 ? 255 : 0;
    data[o] = v;
    if (next() < 0.5) data[o + 1] = v;
    if (next() < 0.3) data[o + w] = v;
  }
}
