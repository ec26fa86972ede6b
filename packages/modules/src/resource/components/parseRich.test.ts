import { describe, expect, it } from 'vitest';
import { hasMath, parseRichLine, parseRichText } from './parseRich';

describe('rich text of questions', () => {
  it('reads text, inline and display formulas, images and escaped dollars', () => {
    expect(parseRichLine('若 $x^2=4$，则 $$x=\\pm 2$$ 如图![图1](/f/a.png)，花费 \\$5')).toEqual([
      { kind: 'text', text: '若 ' },
      { kind: 'math', latex: 'x^2=4', display: false },
      { kind: 'text', text: '，则 ' },
      { kind: 'math', latex: 'x=\\pm 2', display: true },
      { kind: 'text', text: ' 如图' },
      { kind: 'image', alt: '图1', src: '/f/a.png' },
      { kind: 'text', text: '，花费 $5' },
    ]);
  });

  it('splits paragraphs on blank lines and tells whether formulas appear', () => {
    expect(parseRichText('第一段\n\n第二段 $a$\n')).toHaveLength(2);
    expect(hasMath('没有公式，价格 \\$3')).toBe(false);
    expect(hasMath('面积 $S=\\pi r^2$')).toBe(true);
  });
});
