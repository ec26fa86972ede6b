import { escapeXml } from '../../core/xml';
import { ACCENTS, FUNCTIONS, NARY, SYMBOLS } from './mathSymbols';

/**
 * LaTeX → Word equations (OMML): the inner XML of an `m:oMath`, for the Word export. Covers the
 * constructs the import reads back (fractions, scripts, radicals, n-ary operators, `\left…\right`,
 * matrices and cases, accents, bars, functions and limits, Greek letters and operators); an
 * unknown command stays as its text so nothing is lost.
 */
export function latexToOmml(latex: string): string {
  const tokens = latex.match(/\\[A-Za-z]+|\\.|\s+|./gsu) ?? [];
  const parser = new Parser(tokens.filter((t) => !/^\s+$/.test(t)));
  const pieces = parser.sequence(new Set());
  return flatten(pieces);
}

/** Wraps {@link latexToOmml} in `m:oMath`. */
export const latexToOmmlMath = (latex: string) => `<m:oMath>${latexToOmml(latex)}</m:oMath>`;

type Piece =
  { text: string } | { xml: string } | { nary: string; limits: boolean } | { func: string };

const FUNCTION_SET = new Set<string>(FUNCTIONS);
const run = (text: string) => `<m:r><m:t xml:space="preserve">${escapeXml(text)}</m:t></m:r>`;
const upright = (text: string) =>
  `<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">${escapeXml(text)}</m:t></m:r>`;
const plainText = (text: string) =>
  `<m:r><m:rPr><m:nor/></m:rPr><m:t xml:space="preserve">${escapeXml(text)}</m:t></m:r>`;
const el = (tag: string, inner: string) => `<m:${tag}>${inner}</m:${tag}>`;
const val = (tag: string, value: string) => `<m:${tag} m:val="${escapeXml(value)}"/>`;

/** Pieces → OMML; neighbouring characters share one run. */
function flatten(pieces: Piece[]): string {
  let out = '';
  let text = '';
  const flush = () => {
    if (text) out += run(text);
    text = '';
  };
  for (const piece of pieces) {
    if ('text' in piece) text += piece.text;
    else {
      flush();
      if ('xml' in piece) out += piece.xml;
      else if ('func' in piece) out += el('func', el('fName', upright(piece.func)) + el('e', ''));
      else out += naryXml(piece, '', '', '');
    }
  }
  flush();
  return out;
}

function naryXml(op: { nary: string; limits: boolean }, sub: string, sup: string, body: string) {
  const props =
    val('chr', op.nary) +
    val('limLoc', op.limits ? 'undOvr' : 'subSup') +
    (sub ? '' : val('subHide', '1')) +
    (sup ? '' : val('supHide', '1'));
  return el('nary', el('naryPr', props) + el('sub', sub) + el('sup', sup) + el('e', body));
}

const DELIMITERS: Record<string, string> = {
  '.': '',
  '\\{': '{',
  '\\}': '}',
  '\\|': '‖',
  '\\langle': '⟨',
  '\\rangle': '⟩',
  '\\lfloor': '⌊',
  '\\rfloor': '⌋',
  '\\lceil': '⌈',
  '\\rceil': '⌉',
  '\\vert': '|',
};

const MATRICES: Record<string, [string, string] | null> = {
  matrix: null,
  pmatrix: ['(', ')'],
  bmatrix: ['[', ']'],
  vmatrix: ['|', '|'],
  Bmatrix: ['{', '}'],
};

const SPACES = new Set(['\\,', '\\;', '\\:', '\\ ', '\\quad', '\\qquad']);
const IGNORED = new Set(['\\limits', '\\nolimits', '\\displaystyle', '\\textstyle', '\\!']);
const STYLES = new Set(['\\mathbf', '\\boldsymbol', '\\mathit', '\\mathbb', '\\mathcal', '\\bm']);
const TEXTS = new Set(['\\text', '\\mathrm', '\\textrm', '\\operatorname', '\\textbf']);

class Parser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  private peek = () => this.tokens[this.at];
  private next = () => this.tokens[this.at++];

  /** Pieces up to a stop token (not consumed), a closing brace or the end. */
  sequence(stops: Set<string>): Piece[] {
    const out: Piece[] = [];
    for (;;) {
      const token = this.peek();
      if (token === undefined || token === '}' || stops.has(token)) return out;
      const piece = this.atom();
      if (!piece) continue;
      const scripts = this.scripts();
      if ('nary' in piece) {
        const body = flatten(this.sequence(stops));
        out.push({ xml: naryXml(piece, scripts.sub ?? '', scripts.sup ?? '', body) });
      } else if ('func' in piece) {
        const head =
          scripts.sub !== undefined
            ? el('limLow', el('e', upright(piece.func)) + el('lim', scripts.sub))
            : upright(piece.func);
        const token2 = this.peek();
        let arg = '';
        if (token2 !== undefined && token2 !== '}' && !stops.has(token2)) {
          const next = this.atom();
          if (next) arg = this.attach(flatten([next]), this.scripts());
        }
        out.push({ xml: el('func', el('fName', head) + el('e', arg)) });
      } else if (scripts.sub !== undefined || scripts.sup !== undefined) {
        out.push({ xml: this.attach(flatten([piece]), scripts) });
      } else out.push(piece);
    }
  }

  private attach(base: string, s: { sub?: string; sup?: string }): string {
    if (s.sub !== undefined && s.sup !== undefined)
      return el('sSubSup', el('e', base) + el('sub', s.sub) + el('sup', s.sup));
    if (s.sub !== undefined) return el('sSub', el('e', base) + el('sub', s.sub));
    if (s.sup !== undefined) return el('sSup', el('e', base) + el('sup', s.sup));
    return base;
  }

  private scripts(): { sub?: string; sup?: string } {
    const out: { sub?: string; sup?: string } = {};
    for (;;) {
      const token = this.peek();
      if (token === '^' && out.sup === undefined) {
        this.next();
        out.sup = this.argument();
      } else if (token === '_' && out.sub === undefined) {
        this.next();
        out.sub = this.argument();
      } else if (token === "'") {
        this.next();
        out.sup = (out.sup ?? '') + run('′');
      } else return out;
    }
  }

  /** A braced group or one token, as OMML. */
  argument(): string {
    if (this.peek() === '{') {
      this.next();
      const inner = flatten(this.sequence(new Set()));
      if (this.peek() === '}') this.next();
      return inner;
    }
    const piece = this.atom();
    return piece ? flatten([piece]) : '';
  }

  /** The raw text of a braced group (`\text{…}`, `\begin{…}`). */
  private rawGroup(): string {
    if (this.peek() !== '{') return this.next() ?? '';
    this.next();
    let depth = 0;
    let text = '';
    for (let t = this.next(); t !== undefined; t = this.next()) {
      if (t === '}' && depth === 0) break;
      if (t === '{') depth++;
      if (t === '}') depth--;
      text += t.startsWith('\\') && t.length === 2 ? t.slice(1) : t;
    }
    return text;
  }

  private atom(): Piece | null {
    const token = this.next();
    if (token === undefined) return null;
    if (token === '{') {
      const inner = flatten(this.sequence(new Set()));
      if (this.peek() === '}') this.next();
      return { xml: inner };
    }
    if (token === '^' || token === '_') {
      this.at--;
      return { xml: '' };
    }
    if (!token.startsWith('\\') || token.length === 2) return this.symbol(token);
    const name = token.slice(1);
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
      const num = this.argument();
      const den = this.argument();
      return { xml: el('f', el('num', num) + el('den', den)) };
    }
    if (name === 'binom') {
      const num = this.argument();
      const den = this.argument();
      return { xml: el('f', el('fPr', val('type', 'noBar')) + el('num', num) + el('den', den)) };
    }
    if (name === 'sqrt') {
      let degree = '';
      if (this.peek() === '[') {
        this.next();
        degree = flatten(this.sequence(new Set([']'])));
        if (this.peek() === ']') this.next();
      }
      const body = this.argument();
      const props = degree ? '' : el('radPr', val('degHide', '1'));
      return { xml: el('rad', props + el('deg', degree) + el('e', body)) };
    }
    if (name === 'left') {
      const open = this.delimiter();
      const inner = flatten(this.sequence(new Set(['\\right'])));
      if (this.peek() === '\\right') this.next();
      const close = this.delimiter();
      return { xml: delimited(open, close, inner) };
    }
    if (name === 'begin') return { xml: this.environment(this.rawGroup()) };
    if (name in ACCENTS)
      return { xml: el('acc', el('accPr', val('chr', ACCENTS[name]!)) + el('e', this.argument())) };
    if (name === 'overline' || name === 'underline') {
      const pos = name === 'overline' ? 'top' : 'bot';
      return { xml: el('bar', el('barPr', val('pos', pos)) + el('e', this.argument())) };
    }
    if (name === 'overbrace' || name === 'underbrace') {
      const props = name === 'overbrace' ? val('chr', '⏞') + val('pos', 'top') : val('chr', '⏟');
      return { xml: el('groupChr', el('groupChrPr', props) + el('e', this.argument())) };
    }
    if (name === 'overset' || name === 'underset') {
      const lim = this.argument();
      const base = this.argument();
      const tag = name === 'overset' ? 'limUpp' : 'limLow';
      return { xml: el(tag, el('e', base) + el('lim', lim)) };
    }
    if (TEXTS.has(token)) return { xml: plainText(this.rawGroup()) };
    if (STYLES.has(token)) return { xml: this.argument() };
    if (IGNORED.has(token)) return null;
    if (SPACES.has(token)) return { text: ' ' };
    if (name in NARY) return { nary: NARY[name]!, limits: !name.includes('int') };
    if (FUNCTION_SET.has(name)) return { func: name };
    if (name === 'to') return { text: '→' };
    if (name === 'le') return { text: '≤' };
    if (name === 'ge') return { text: '≥' };
    if (name === 'ne') return { text: '≠' };
    if (name in SYMBOLS) return { text: SYMBOLS[name]! };
    // An unknown command keeps its own run so the letters after it stay apart.
    return { xml: run(token) };
  }

  private symbol(token: string): Piece {
    if (token === '\\{' || token === '\\}' || token === '\\%' || token === '\\#' || token === '\\&')
      return { text: token[1]! };
    if (token === '\\|') return { text: '‖' };
    if (SPACES.has(token)) return { text: ' ' };
    if (token === '\\\\') return { text: '' };
    return { text: token };
  }

  private delimiter(): string {
    const token = this.next() ?? '.';
    return DELIMITERS[token] ?? token;
  }

  private environment(name: string): string {
    const rows: string[][] = [[]];
    for (;;) {
      const cell = flatten(this.sequence(new Set(['&', '\\\\', '\\end'])));
      rows[rows.length - 1]!.push(cell);
      const token = this.next();
      if (token === '&') continue;
      if (token === '\\\\') {
        rows.push([]);
        continue;
      }
      if (token === '\\end') this.rawGroup();
      break;
    }
    const filled = rows.filter((r) => r.some((c) => c !== '') || rows.length === 1);
    if (name === 'cases' || name === 'aligned' || name === 'align' || name === 'array') {
      const array = el('eqArr', filled.map((r) => el('e', r.join(''))).join(''));
      return name === 'cases' ? delimited('{', '', array) : array;
    }
    const matrix = el('m', filled.map((r) => el('mr', r.map((c) => el('e', c)).join(''))).join(''));
    const brackets = MATRICES[name] ?? null;
    return brackets ? delimited(brackets[0], brackets[1], matrix) : matrix;
  }
}

function delimited(open: string, close: string, inner: string): string {
  return el('d', el('dPr', val('begChr', open) + val('endChr', close)) + el('e', inner));
}
