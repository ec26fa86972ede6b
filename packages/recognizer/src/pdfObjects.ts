import { inflateSync } from 'node:zlib';

/**
 * A small reader of PDF objects, enough to find the scanned image of each page (see pdfScan.ts):
 * objects are found by their `N G obj` headers (so a damaged cross-reference table does not
 * matter, and the last definition of an incremental update wins), plus those packed in object
 * streams. Strings are skipped, not decoded.
 */
export type PdfValue =
  number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export class PdfString {
  constructor(readonly raw: string) {}
}
export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

/** An object: its value and, for a stream, its raw (still encoded) bytes. */
export interface PdfObject {
  value: PdfValue;
  stream: Buffer | null;
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

class Lexer {
  constructor(
    readonly b: Buffer,
    public i: number,
  ) {}

  skip(): void {
    const b = this.b;
    while (this.i < b.length) {
      const c = b[this.i]!;
      if (WS.has(c)) this.i++;
      else if (c === 0x25)
        while (this.i < b.length && b[this.i] !== 0x0a && b[this.i] !== 0x0d) this.i++;
      else break;
    }
  }

  word(): string {
    const start = this.i;
    while (this.i < this.b.length && !WS.has(this.b[this.i]!) && !DELIM.has(this.b[this.i]!))
      this.i++;
    return this.b.toString('latin1', start, this.i);
  }

  /** Parses one value; `n g R` references are folded in. */
  value(depth = 0): PdfValue {
    if (depth > 64) throw new Error('PDF nested too deep');
    this.skip();
    const b = this.b;
    const c = b[this.i];
    if (c === undefined) throw new Error('PDF ends early');
    if (c === 0x2f) {
      this.i++;
      return new PdfName(
        this.word().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) =>
          String.fromCharCode(parseInt(h, 16)),
        ),
      );
    }
    if (c === 0x3c && b[this.i + 1] === 0x3c) {
      this.i += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skip();
        if (b[this.i] === 0x3e && b[this.i + 1] === 0x3e) {
          this.i += 2;
          return new PdfDict(entries);
        }
        const key = this.value(depth + 1);
        if (!(key instanceof PdfName)) throw new Error('PDF dictionary key is not a name');
        entries.set(key.name, this.value(depth + 1));
      }
    }
    if (c === 0x5b) {
      this.i++;
      const out: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (b[this.i] === 0x5d) {
          this.i++;
          return out;
        }
        if (this.i >= b.length) throw new Error('PDF array not closed');
        out.push(this.value(depth + 1));
      }
    }
    if (c === 0x28) {
      const start = ++this.i;
      let level = 1;
      while (this.i < b.length && level > 0) {
        const d = b[this.i++]!;
        if (d === 0x5c) this.i++;
        else if (d === 0x28) level++;
        else if (d === 0x29) level--;
      }
      return new PdfString(b.toString('latin1', start, this.i - 1));
    }
    if (c === 0x3c) {
      const end = b.indexOf(0x3e, this.i);
      if (end < 0) throw new Error('PDF hex string not closed');
      const raw = b.toString('latin1', this.i + 1, end);
      this.i = end + 1;
      return new PdfString(raw);
    }
    const w = this.word();
    if (w === 'true') return true;
    if (w === 'false') return false;
    if (w === 'null') return null;
    const n = Number(w);
    if (w === '' || !Number.isFinite(n))
      throw new Error(`PDF token not understood: ${w.slice(0, 20)}`);
    // `num gen R`?
    if (/^\d+$/.test(w)) {
      const save = this.i;
      this.skip();
      const g = this.word();
      if (/^\d+$/.test(g)) {
        this.skip();
        if (this.b[this.i] === 0x52 /* R */) {
          this.i++;
          return new PdfRef(n, Number(g));
        }
      }
      this.i = save;
    }
    return n;
  }
}

/** Every object of a PDF file, by number. */
/** `stream` at `at` starts a stream body: after `>>` or white space, before an end of line. */
function streamKeyword(b: Buffer, at: number): boolean {
  const before = b[at - 1];
  const after = b[at + 6];
  return (
    (before === 0x3e || before === 0x20 || before === 0x0a || before === 0x0d) &&
    (after === 0x0a || after === 0x0d)
  );
}

export class PdfFile {
  private readonly offsets = new Map<number, number>();
  private readonly packed = new Map<number, { stream: number; index: number }>();
  private readonly cache = new Map<number, PdfObject | null>();
  private readonly objStreams = new Map<
    number,
    { data: Buffer; offsets: number[]; first: number }
  >();

  constructor(readonly bytes: Buffer) {
    // Object headers are looked for between stream bodies only: a scan's image data (most of
    // the file) is skipped with the native indexOf instead of being turned into a string and
    // run through the regular expression (about a tenth of a page's decode on a 500 kB JPEG).
    const re = /(?:^|[\s>\]])(\d+)\s+(\d+)\s+obj\b/g;
    for (let pos = 0; pos < bytes.length;) {
      let body = bytes.indexOf('stream', pos, 'latin1');
      // `stream` as the keyword after a dictionary (`>>` and an end of line), not `endstream`
      // nor a name or string that holds the word.
      while (body > 0 && !streamKeyword(bytes, body))
        body = bytes.indexOf('stream', body + 6, 'latin1');
      const to = body < 0 ? bytes.length : body;
      const text = bytes.toString('latin1', pos, to);
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text))
        this.offsets.set(Number(m[1]), pos + m.index + m[0].length);
      if (body < 0) break;
      const end = bytes.indexOf('endstream', body + 6, 'latin1');
      if (end < 0) break;
      pos = end + 9;
    }
    // Objects packed in object streams (PDF 1.5).
    for (const num of [...this.offsets.keys()]) {
      const o = this.object(num);
      if (!(o?.value instanceof PdfDict) || !o.stream) continue;
      if (!isName(o.value.get('Type'), 'ObjStm')) continue;
      const n = this.number(o.value.get('N'));
      const first = this.number(o.value.get('First'));
      const data = this.decodeFlate(o);
      if (!data || n === null || first === null) continue;
      const lx = new Lexer(data, 0);
      const offsets: number[] = [];
      for (let k = 0; k < n; k++) {
        const objNum = lx.value();
        const off = lx.value();
        if (typeof objNum !== 'number' || typeof off !== 'number') break;
        offsets.push(off);
        if (!this.offsets.has(objNum)) this.packed.set(objNum, { stream: num, index: k });
      }
      this.objStreams.set(num, { data, offsets, first });
    }
  }

  private decodeFlate(o: PdfObject): Buffer | null {
    const f = (o.value as PdfDict).get('Filter');
    if (f === undefined) return o.stream;
    if (
      !isName(f, 'FlateDecode') &&
      !(Array.isArray(f) && f.length === 1 && isName(f[0], 'FlateDecode'))
    )
      return null;
    try {
      return inflateSync(o.stream!);
    } catch {
      return null;
    }
  }

  /** The object numbered `num`, or null when it is missing or cannot be read. */
  object(num: number): PdfObject | null {
    if (this.cache.has(num)) return this.cache.get(num)!;
    this.cache.set(num, null); // a reference cycle reads as missing
    let out: PdfObject | null = null;
    try {
      const at = this.offsets.get(num);
      if (at !== undefined) out = this.readAt(at);
      else {
        const p = this.packed.get(num);
        const s = p ? this.objStreams.get(p.stream) : undefined;
        if (p && s)
          out = { value: new Lexer(s.data, s.first + s.offsets[p.index]!).value(), stream: null };
      }
    } catch {
      out = null;
    }
    this.cache.set(num, out);
    return out;
  }

  private readAt(at: number): PdfObject {
    const lx = new Lexer(this.bytes, at);
    const value = lx.value();
    lx.skip();
    if (!(value instanceof PdfDict) || this.bytes.toString('latin1', lx.i, lx.i + 6) !== 'stream')
      return { value, stream: null };
    let start = lx.i + 6;
    if (this.bytes[start] === 0x0d) start++;
    if (this.bytes[start] === 0x0a) start++;
    const len = this.number(value.get('Length'));
    let end = len !== null ? start + len : -1;
    const tail = end >= 0 ? this.bytes.toString('latin1', end, end + 12) : '';
    if (end < 0 || end > this.bytes.length || !/^\s*endstream/.test(tail)) {
      // A wrong /Length: the data ends before the next `endstream`.
      end = this.bytes.indexOf('endstream', start, 'latin1');
      if (end < 0) throw new Error('PDF stream not closed');
      while (end > start && (this.bytes[end - 1] === 0x0a || this.bytes[end - 1] === 0x0d)) end--;
    }
    return { value, stream: this.bytes.subarray(start, end) };
  }

  /** Follows a reference to its value. */
  resolve(v: PdfValue | undefined): PdfValue | undefined {
    for (let hops = 0; v instanceof PdfRef && hops < 16; hops++) v = this.object(v.num)?.value;
    return v instanceof PdfRef ? undefined : v;
  }

  dict(v: PdfValue | undefined): PdfDict | null {
    const r = this.resolve(v);
    return r instanceof PdfDict ? r : null;
  }

  number(v: PdfValue | undefined): number | null {
    const r = this.resolve(v);
    return typeof r === 'number' ? r : null;
  }

  /** The document catalog: the object whose /Type is /Catalog. */
  catalog(): PdfDict | null {
    let best: PdfDict | null = null;
    for (const num of [...this.offsets.keys(), ...this.packed.keys()]) {
      const v = this.object(num)?.value;
      if (v instanceof PdfDict && isName(v.get('Type'), 'Catalog')) best = v;
    }
    return best;
  }

  /** Pages in order with the attributes they inherit (Resources, MediaBox, Rotate). */
  pages(): PdfDict[] {
    const root = this.dict(this.catalog()?.get('Pages'));
    const out: PdfDict[] = [];
    const walk = (node: PdfDict, inherited: Map<string, PdfValue>, depth: number): void => {
      if (depth > 32) return;
      const inh = new Map(inherited);
      for (const k of ['Resources', 'MediaBox', 'Rotate'])
        if (node.get(k) !== undefined) inh.set(k, node.get(k)!);
      const kids = this.resolve(node.get('Kids'));
      if (isName(node.get('Type'), 'Pages') || Array.isArray(kids)) {
        for (const kid of Array.isArray(kids) ? kids : []) {
          const d = this.dict(kid);
          if (d) walk(d, inh, depth + 1);
        }
      } else out.push(new PdfDict(new Map([...inh, ...node.entries])));
    };
    if (root) walk(root, new Map(), 0);
    return out;
  }
}

export function isName(v: PdfValue | undefined, name: string): boolean {
  return v instanceof PdfName && v.name === name;
}
