import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

describe('Markdown formulas', () => {
  it('typesets inline and display formulas as MathML and leaves the text around them alone', async () => {
    const { container } = render(
      <Markdown text={'面积是 $x^2$ 平方米，**注意**单位。\n\n$$\\frac{a}{b}$$\n\n比例不变。'} />,
    );
    // The first formula of this file: the typesetter is still loading, so the source shows.
    expect(screen.getByRole('math', { name: 'x^2' })).toHaveTextContent(/^x\^2$/);
    expect(screen.getByRole('math', { name: '\\frac{a}{b}' }).tagName).toBe('DIV');
    expect(container.textContent).not.toContain('$');
    const inline = await screen.findByText(
      (_, el) => el?.querySelector(':scope > math msup') != null,
    );
    expect(inline.tagName).toBe('SPAN');
    expect(inline.querySelector('msup mi')).toHaveTextContent('x');
    expect(inline.querySelector('msup mn')).toHaveTextContent('2');
    const display = container.querySelector('div[data-part="math"] > math[display="block"]');
    expect(display).not.toBeNull();
    expect(display!.querySelector('mfrac')).not.toBeNull();
    expect(display!.querySelector('mfrac > :first-child')).toHaveTextContent('a');
    expect(display!.querySelector('mfrac > :nth-child(2)')).toHaveTextContent('b');
    expect(container.querySelectorAll('math')).toHaveLength(2);
    const first = container.querySelector('p')!;
    expect(first.firstChild?.textContent).toBe('面积是 ');
    expect(first.querySelector('strong')).toHaveTextContent('注意');
    expect(first.textContent).toMatch(/平方米，注意单位。$/);
    expect(container.textContent).not.toContain('$');
  });

  it('renders no link, script or HTML for a malicious formula', async () => {
    const { container } = render(
      <Markdown
        text={
          '看 $\\href{javascript:alert(1)}{x}$ 和 $\\url{javascript:alert(2)}$ 和 $\\htmlClass{evil}{y}$ 和 $<img src=x onerror=alert(3)>$ 完'
        }
      />,
    );
    await screen.findAllByText((_, el) => el?.tagName.toLowerCase() === 'math');
    await expect.poll(() => container.querySelectorAll('math').length).toBe(4);
    expect(
      container.querySelector('a, [href], img, script, [onerror], [class*="evil"]'),
    ).toBeNull();
    for (const el of container.querySelectorAll('*'))
      for (const attr of el.attributes)
        expect(attr.name).not.toMatch(/^(on|href$|src$|xlink|class$)/i);
    expect(container.textContent).toMatch(/^看 /);
    expect(container.textContent).toMatch(/ 完$/);
  });

  it('shows a formula that does not parse as its source text', async () => {
    const { container } = render(<Markdown text={'错的 $\\frac{a$ 和对的 $x^2$'} />);
    await expect.poll(() => container.querySelectorAll('math').length).toBe(1);
    const bad = container.querySelector('[data-part="math"][role="math"]');
    expect(bad).toHaveTextContent('\\frac{a');
    expect(bad).toHaveAttribute('aria-label', '\\frac{a');
    expect(container.querySelector('.temml-error')).toBeNull();
  });
});
