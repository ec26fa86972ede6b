/** Small linear algebra for alignment: homographies and affine fits, row-major. */

export type Point = { x: number; y: number };
/** 3×3 row-major matrix. */
export type Mat3 = number[];

/** Solves A x = b (n×n, row-major) by Gaussian elimination with partial pivoting; null when singular. */
export function solve(a: number[], b: number[], n: number): number[] | null {
  const m = a.slice();
  const v = b.slice();
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]!) > Math.abs(m[p * n + c]!)) p = r;
    if (Math.abs(m[p * n + c]!) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < n; k++) {
        const t = m[c * n + k]!;
        m[c * n + k] = m[p * n + k]!;
        m[p * n + k] = t;
      }
      const t = v[c]!;
      v[c] = v[p]!;
      v[p] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const f = m[r * n + c]! / m[c * n + c]!;
      if (f === 0) continue;
      for (let k = c; k < n; k++) m[r * n + k]! -= f * m[c * n + k]!;
      v[r]! -= f * v[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r]!;
    for (let k = r + 1; k < n; k++) s -= m[r * n + k]! * x[k]!;
    x[r] = s / m[r * n + r]!;
  }
  return x;
}

/** Homography mapping four source points onto four destination points (null when degenerate). */
export function homography4(src: Point[], dst: Point[]): Mat3 | null {
  // Normalise the source to ~unit range for conditioning.
  const s = 1 / 100;
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const x = src[i]!.x * s;
    const y = src[i]!.y * s;
    const u = dst[i]!.x;
    const v = dst[i]!.y;
    a.push(x, y, 1, 0, 0, 0, -u * x, -u * y);
    b.push(u);
    a.push(0, 0, 0, x, y, 1, -v * x, -v * y);
    b.push(v);
  }
  const h = solve(a, b, 8);
  if (!h) return null;
  return [h[0]! * s, h[1]! * s, h[2]!, h[3]! * s, h[4]! * s, h[5]!, h[6]! * s, h[7]! * s, 1];
}

/** Least-squares affine map src → dst (≥ 3 points) as a homography with last row 0 0 1. */
export function affineFit(src: Point[], dst: Point[]): Mat3 | null {
  let sxx = 0,
    sxy = 0,
    syy = 0,
    sx = 0,
    sy = 0;
  let ux = 0,
    uy = 0,
    u = 0,
    vx = 0,
    vy = 0,
    v = 0;
  const n = src.length;
  if (n < 3) return null;
  for (let i = 0; i < n; i++) {
    const { x, y } = src[i]!;
    const d = dst[i]!;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sx += x;
    sy += y;
    ux += d.x * x;
    uy += d.x * y;
    u += d.x;
    vx += d.y * x;
    vy += d.y * y;
    v += d.y;
  }
  const m = [sxx, sxy, sx, sxy, syy, sy, sx, sy, n];
  const p = solve(m, [ux, uy, u], 3);
  const q = solve(m, [vx, vy, v], 3);
  if (!p || !q) return null;
  return [p[0]!, p[1]!, p[2]!, q[0]!, q[1]!, q[2]!, 0, 0, 1];
}

export function apply(h: Mat3, x: number, y: number): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

/** Local scale (pixels per unit) of a map at a point, mean of both axes. */
export function localScale(h: Mat3, x: number, y: number): number {
  const p = apply(h, x, y);
  const px = apply(h, x + 1, y);
  const py = apply(h, x, y + 1);
  return (Math.hypot(px.x - p.x, px.y - p.y) + Math.hypot(py.x - p.x, py.y - p.y)) / 2;
}

export function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const r = [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ];
  return r.map((x) => x / det);
}
