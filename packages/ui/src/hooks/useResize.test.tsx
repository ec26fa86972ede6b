import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResizeOptions } from '../types';
import { useResize } from './useResize';

function Panel(options: ResizeOptions) {
  const ref = useRef<HTMLDivElement>(null);
  useResize(ref, options);
  return <div ref={ref} data-testid="panel" />;
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 100 }),
  );
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('useResize', () => {
  it('resizes from the right and bottom edge zone, not from inside', () => {
    const onResize = vi.fn();
    const { getByTestId } = render(<Panel onResize={onResize} />);
    const panel = getByTestId('panel');
    fireEvent.pointerDown(panel, { button: 0, clientX: 100, clientY: 50 });
    fireEvent.pointerMove(document, { clientX: 150, clientY: 50 });
    expect(onResize).not.toHaveBeenCalled();
    fireEvent.pointerDown(panel, { button: 0, clientX: 196, clientY: 96 });
    fireEvent.pointerMove(document, { clientX: 246, clientY: 126 });
    fireEvent.pointerUp(document);
    expect(panel).toHaveStyle({ width: '250px', height: '130px' });
    expect(onResize).toHaveBeenLastCalledWith({ width: 250, height: 130 });
  });

  it('uses an 8 px edge by default and never goes below 40 px', () => {
    const { getByTestId } = render(<Panel />);
    const panel = getByTestId('panel');
    fireEvent.pointerDown(panel, { button: 0, clientX: 191, clientY: 50 });
    fireEvent.pointerMove(document, { clientX: 0, clientY: 50 });
    expect(panel.style.width).toBe('');
    fireEvent.pointerDown(panel, { button: 0, clientX: 192, clientY: 50 });
    fireEvent.pointerMove(document, { clientX: -500, clientY: 50 });
    expect(panel).toHaveStyle({ width: '40px', height: '100px' });
  });

  it('honours minSize and edge, and shows a resize cursor on the edge', () => {
    const { getByTestId } = render(<Panel minSize={120} edge={20} />);
    const panel = getByTestId('panel');
    fireEvent.pointerMove(panel, { clientX: 185, clientY: 10 });
    expect(panel.style.cursor).toBe('ew-resize');
    fireEvent.pointerMove(panel, { clientX: 185, clientY: 90 });
    expect(panel.style.cursor).toBe('nwse-resize');
    fireEvent.pointerDown(panel, { button: 0, clientX: 50, clientY: 85 });
    fireEvent.pointerMove(document, { clientX: 50, clientY: -100 });
    expect(panel).toHaveStyle({ width: '200px', height: '120px' });
  });
});
