/**
 * The symbols both formula converters know: a LaTeX command and the Unicode character Word
 * stores for it. One table, so import and export agree.
 */
export const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ϵ', varepsilon: 'ε', zeta: 'ζ',
  eta: 'η', theta: 'θ', vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν',
  xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ', sigma: 'σ', tau: 'τ', upsilon: 'υ', phi: 'ϕ',
  varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ',
  Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  times: '×', div: '÷', pm: '±', mp: '∓', cdot: '⋅', leq: '≤', geq: '≥', neq: '≠',
  approx: '≈', equiv: '≡', sim: '∼', propto: '∝', infty: '∞', partial: '∂', nabla: '∇',
  in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆', supset: '⊃', supseteq: '⊇', cup: '∪',
  cap: '∩', emptyset: '∅', forall: '∀', exists: '∃', neg: '¬', wedge: '∧', vee: '∨',
  rightarrow: '→', leftarrow: '←', Rightarrow: '⇒', Leftarrow: '⇐', leftrightarrow: '↔',
  Leftrightarrow: '⇔', angle: '∠', triangle: '△', perp: '⊥', parallel: '∥', circ: '∘',
  degree: '°', cdots: '⋯', ldots: '…', because: '∵', therefore: '∴', prime: '′',
};

/** Unicode character → LaTeX command (without the backslash). */
export const COMMAND_OF: Record<string, string> = Object.fromEntries(
  Object.entries(SYMBOLS).map(([name, char]) => [char, name]),
);
// Word writes these characters for the same symbols too.
Object.assign(COMMAND_OF, { '·': 'cdot', '∙': 'cdot', '≦': 'leq', '≧': 'geq', '…': 'ldots' });

/** N-ary operators: LaTeX command ↔ Word's `m:chr`. */
export const NARY: Record<string, string> = {
  sum: '∑', prod: '∏', int: '∫', iint: '∬', iiint: '∭', oint: '∮', bigcup: '⋃', bigcap: '⋂',
};
export const NARY_OF: Record<string, string> = Object.fromEntries(
  Object.entries(NARY).map(([name, char]) => [char, name]),
);

/** Accents: LaTeX command ↔ Word's combining character in `m:acc`. */
export const ACCENTS: Record<string, string> = {
  hat: '\u0302', widehat: '\u0302', bar: '\u0305', vec: '\u20d7',
  overrightarrow: '\u20d7', dot: '\u0307', ddot: '\u0308', tilde: '\u0303', widetilde: '\u0303',
};
export const ACCENT_OF: Record<string, string> = {
  '\u0302': 'hat', '^': 'hat', '\u0305': 'bar', '¯': 'bar', '\u20d7': 'vec',
  '→': 'vec', '\u0307': 'dot', '\u0308': 'ddot', '\u0303': 'tilde', '~': 'tilde',
};

/** Function names typeset upright: `\sin x`. */
export const FUNCTIONS = [
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh',
  'tanh', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min', 'det', 'sup', 'inf',
] as const;
