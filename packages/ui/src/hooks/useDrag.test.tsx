import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DragOptions } from '../types';
import { useDrag } from './useDrag';

function Box({
  options,
  left = 0,
  top = 0,
}: {
  options?: DragOptions;
  left?: number;
  top?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDrag(ref, options);
  return (
    <div ref={ref} data-testid="box" data-left={left} data-top={top}>
      <div className="title">标题</div>
    </div>
  );
}

// jsdom has no layout: offsetLeft/Top follow style.left/top, sizes are fixed.
beforeEach(() => {
  vi.stubGlobal('innerWidth', 1000);
  vi.stubGlobal('innerHeight', 800);
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return parseFloat(this.style.left) || Number(this.dataset.left ?? 0);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return parseFloat(this.style.top) || Number(this.dataset.top ?? 0);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const drag = (el: Element, from: [number, number], to: [number, number]) => {
  fireEvent.pointerDown(el, { button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(document, { clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(document);
};

describe('useDrag', () => {
  it('clamps the initial position to the window minus 300 px', () => {
    const { getByTestId } = render(<Box left={900} top={700} />);
    expect(getByTestId('box')).toHaveStyle({ left: '700px', top: '500px' });
  });

  it('moves with the pointer from the handle, kept inside the window with a margin', () => {
    const { getByTestId, getByText } = render(
      <Box options={{ handle: '.title', margin: 10 }} left={100} top={100} />,
    );
    const box = getByTestId('box');
    drag(getByText('标题'), [110, 110], [160, 130]);
    expect(box).toHaveStyle({ left: '150px', top: '120px' });
    drag(getByText('标题'), [160, 130], [5000, 5000]);
    expect(box).toHaveStyle({ left: '790px', top: '690px' });
    drag(getByText('标题'), [790, 690], [-5000, -5000]);
    expect(box).toHaveStyle({ left: '10px', top: '10px' });
    fireEvent.pointerMove(document, { clientX: 400, clientY: 400 });
    expect(box).toHaveStyle({ left: '10px', top: '10px' });
  });

  it('stays inside its parent with confine: parent', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const { getByTestId } = render(<Box options={{ confine: 'parent' }} left={10} top={10} />);
    const box = getByTestId('box');
    drag(box, [20, 20], [2000, 2000]);
    expect(box).toHaveStyle({ left: '300px', top: '300px' });
  });

  it('throws when the handle selector matches nothing', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Box options={{ handle: '.missing' }} />)).toThrow(/matches nothing/);
    spy.mockRestore();
  });
});
