import { ACCENT_OF, COMMAND_OF, FUNCTIONS, NARY_OF } from './mathSymbols';
import { child, childrenOf, textOf, valOf, type XmlNode } from './xmlTree';

/**
 * Word equations (OMML, `m:oMath`) → LaTeX, as the bank stores formulas. Covers fractions,
 * sub/superscripts, radicals, n-ary operators, delimiters, matrices, accents, bars, functions,
 * limits, equation arrays, Greek letters and operators; an unknown element keeps its text.
 */
export function ommlToLatex(math: XmlNode): string {
  return tidy(convertChildren(math));
}

const FUNCTION_SET = new Set<string>(FUNCTIONS);

/** Joins pieces so that a command never runs into the letter after it (`\alpha x`). */
function join(parts: string[]): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(part)) out += ' ';
    out += part;
  }
  return out;
}

const tidy = (latex: string) => latex.replace(/\s+/g, ' ').trim();

function convertChildren(node: XmlNode | undefined): string {
  if (!node) return '';
  return join(node.children.map(convert));
}

/** A group for `^`/`_`/arguments: braces unless it is one character. */
function group(latex: string): string {
  return isAtom(latex) ? latex : `{${latex}}`;
}

/** One character, one command, or one command with a single braced argument (`\\vec{a}`). */
function isAtom(latex: string): boolean {
  if (/^[A-Za-z0-9]$/.test(latex) || /^\\[A-Za-z]+$/.test(latex)) return true;
  const head = /^\\[A-Za-z]+\{/.exec(latex);
  if (!head || !latex.endsWith('}')) return false;
  let depth = 0;
  for (let i = head[0].length - 1; i < latex.length; i++) {
    if (latex[i] === '\\') i++;
    else if (latex[i] === '{') depth++;
    else if (latex[i] === '}' && --depth === 0) return i === latex.length - 1;
  }
  return false;
}

const arg = (node: XmlNode, tag: string) => convertChildren(child(node, tag));

function runText(text: string): string {
  const parts: string[] = [];
  // Function names written as plain runs (Word keeps `sin` in m:fName, others type it).
  for (const char of text.match(/\\[A-Za-z]+|./gsu) ?? []) {
    if (char.length > 1) {
      parts.push(char);
      continue;
    }
    const command = COMMAND_OF[char];
    if (command) parts.push(`\\${command}`);
    else if (char === '{' || char === '}' || char === '%' || char === '#' || char === '&')
      parts.push(`\\${char}`);
    else if (char === '\u2212') parts.push('-');
    else if (char === '\u2061') continue;
    else parts.push(char);
  }
  return join(parts);
}

function delimiter(char: string | undefined, fallback: string, side: 'left' | 'right'): string {
  const c = char ?? fallback;
  if (c === '') return `\\${side}.`;
  const map: Record<string, string> = {
    '{': '\\{',
    '}': '\\}',
    '|': '|',
    '‖': '\\|',
    '⟨': '\\langle',
    '⟩': '\\rangle',
    '〈': '\\langle',
    '〉': '\\rangle',
    '⌊': '\\lfloor',
    '⌋': '\\rfloor',
    '⌈': '\\lceil',
    '⌉': '\\rceil',
  };
  return `\\${side}${map[c] ?? c}`;
}

function convert(node: XmlNode): string {
  switch (node.tag) {
    case '#text':
      return '';
    case 'm:r': {
      const text = childrenOf(node, 'm:t').map(textOf).join('');
      if (child(child(node, 'm:rPr'), 'm:nor')) return `\\text{${text}}`;
      if (FUNCTION_SET.has(text.trim())) return `\\${text.trim()}`;
      return runText(text);
    }
    case 'm:f': {
      const type = valOf(child(node, 'm:fPr'), 'm:type');
      const num = arg(node, 'm:num');
      const den = arg(node, 'm:den');
      if (type === 'lin') return `${group(num)}/${group(den)}`;
      if (type === 'noBar') return `\\binom{${num}}{${den}}`;
      return `\\frac{${num}}{${den}}`;
    }
    case 'm:sSup':
      return `${group(arg(node, 'm:e'))}^${group(arg(node, 'm:sup'))}`;
    case 'm:sSub':
      return `${group(arg(node, 'm:e'))}_${group(arg(node, 'm:sub'))}`;
    case 'm:sSubSup':
      return `${group(arg(node, 'm:e'))}_${group(arg(node, 'm:sub'))}^${group(arg(node, 'm:sup'))}`;
    case 'm:sPre':
      return `{}_${group(arg(node, 'm:sub'))}^${group(arg(node, 'm:sup'))}${group(arg(node, 'm:e'))}`;
    case 'm:rad': {
      const hidden = valOf(child(node, 'm:radPr'), 'm:degHide');
      const degree = arg(node, 'm:deg');
      const body = arg(node, 'm:e');
      return hidden === '1' || hidden === 'on' || hidden === 'true' || !degree
        ? `\\sqrt{${body}}`
        : `\\sqrt[${degree}]{${body}}`;
    }
    case 'm:nary': {
      const props = child(node, 'm:naryPr');
      const char = valOf(props, 'm:chr') ?? '∫';
      const name = NARY_OF[char];
      const op = name ? `\\${name}` : char;
      const sub = arg(node, 'm:sub');
      const sup = arg(node, 'm:sup');
      const limits =
        valOf(props, 'm:limLoc') === 'undOvr' && name?.includes('int') ? '\\limits' : '';
      return join([
        op + limits,
        sub ? `_${group(sub)}` : '',
        sup ? `^${group(sup)}` : '',
        ' ',
        arg(node, 'm:e'),
      ]);
    }
    case 'm:d': {
      const props = child(node, 'm:dPr');
      const sep = valOf(props, 'm:sepChr') ?? '|';
      const items = childrenOf(node, 'm:e').map(convertChildren);
      const open = valOf(props, 'm:begChr');
      const close = valOf(props, 'm:endChr');
      // A brace opening an equation array is a system of equations: cases.
      const only = childrenOf(node, 'm:e')[0];
      if (
        (open ?? '(') === '{' &&
        close === '' &&
        items.length === 1 &&
        only &&
        child(only, 'm:eqArr')
      )
        return `\\begin{cases}${eqRows(child(only, 'm:eqArr')!).join('\\\\')}\\end{cases}`;
      if (
        (open ?? '(') === '(' &&
        (close ?? ')') === ')' &&
        items.length === 1 &&
        only &&
        child(only, 'm:m')
      )
        return `\\begin{pmatrix}${matrixRows(child(only, 'm:m')!)}\\end{pmatrix}`;
      if (
        (open ?? '(') === '[' &&
        (close ?? ')') === ']' &&
        items.length === 1 &&
        only &&
        child(only, 'm:m')
      )
        return `\\begin{bmatrix}${matrixRows(child(only, 'm:m')!)}\\end{bmatrix}`;
      const inner = items.join(sep === '|' ? '|' : sep);
      return `${delimiter(open, '(', 'left')}${inner}${delimiter(close, ')', 'right')}`;
    }
    case 'm:m':
      return `\\begin{matrix}${matrixRows(node)}\\end{matrix}`;
    case 'm:eqArr':
      return `\\begin{aligned}${eqRows(node).join('\\\\')}\\end{aligned}`;
    case 'm:acc': {
      const char = valOf(child(node, 'm:accPr'), 'm:chr') ?? '\u0302';
      const command = ACCENT_OF[char] ?? 'hat';
      return `\\${command}{${arg(node, 'm:e')}}`;
    }
    case 'm:bar': {
      const pos = valOf(child(node, 'm:barPr'), 'm:pos');
      return pos === 'bot' ? `\\underline{${arg(node, 'm:e')}}` : `\\overline{${arg(node, 'm:e')}}`;
    }
    case 'm:groupChr': {
      const props = child(node, 'm:groupChrPr');
      const char = valOf(props, 'm:chr') ?? '⏟';
      const top = valOf(props, 'm:pos') === 'top' || char === '⏞';
      return top ? `\\overbrace{${arg(node, 'm:e')}}` : `\\underbrace{${arg(node, 'm:e')}}`;
    }
    case 'm:func': {
      const name = tidy(arg(node, 'm:fName'));
      const head = FUNCTION_SET.has(name) ? `\\${name}` : name;
      return join([head, arg(node, 'm:e')]);
    }
    case 'm:limLow': {
      const base = tidy(arg(node, 'm:e'));
      const head = FUNCTION_SET.has(base) ? `\\${base}` : base;
      return `${head}_${group(arg(node, 'm:lim'))}`;
    }
    case 'm:limUpp':
      return `\\overset{${arg(node, 'm:lim')}}{${arg(node, 'm:e')}}`;
    case 'm:box':
    case 'm:borderBox':
    case 'm:phant':
      return arg(node, 'm:e');
    case 'm:oMath':
    case 'm:oMathPara':
    case 'm:e':
    case 'm:num':
    case 'm:den':
    case 'm:sub':
    case 'm:sup':
    case 'm:deg':
    case 'm:lim':
    case 'm:fName':
      return convertChildren(node);
    default:
      // Properties (…Pr), Word's run properties, bookmarks: no text.
      if (node.tag.endsWith('Pr') || node.tag.startsWith('w:')) return '';
      return convertChildren(node);
  }
}

function matrixRows(matrix: XmlNode): string {
  return childrenOf(matrix, 'm:mr')
    .map((row) => childrenOf(row, 'm:e').map(convertChildren).join('&'))
    .join('\\\\');
}

function eqRows(array: XmlNode): string[] {
  return childrenOf(array, 'm:e').map(convertChildren);
}
