import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineImagePreview } from './InlineImagePreview';
import { INITIAL_TRANSFORM } from './transform';
import type { PreviewTransform } from './types';
import { IMAGES, MEDIA, inlineMedia, readTransform, viewportOf, wheel } from './test/fixtures';

const button = (name: string) => screen.getByRole('button', { name });

/** The marking screen's use: index and transform held by the parent. */
function MarkingPanel(props: { onTransform?: (t: PreviewTransform) => void }) {
  const [index, setIndex] = useState(0);
  const [transform, setTransform] = useState(INITIAL_TRANSFORM);
  return (
    <div style={{ width: 600, height: 400 }}>
      <button type="button" onClick={() => setIndex(2)}>
        第三页
      </button>
      <button type="button" onClick={() => setTransform({ ...transform, scale: 3, rotation: 180 })}>
        放大三倍
      </button>
      <output>{JSON.stringify(transform)}</output>
      <InlineImagePreview
        urls={IMAGES}
        index={index}
        onIndexChange={setIndex}
        transform={transform}
        onTransformChange={(t) => {
          props.onTransform?.(t);
          setTransform(t);
        }}
      />
    </div>
  );
}

describe('InlineImagePreview', () => {
  it('is a focusable region named 图片预览, without dialog, scroll lock or inert', () => {
    render(<InlineImagePreview urls={IMAGES} />);
    const region = screen.getByRole('region', { name: '图片预览' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('is driven by a controlled transform', async () => {
    const user = userEvent.setup();
    const onTransform = vi.fn();
    render(<MarkingPanel onTransform={onTransform} />);
    await user.click(button('放大'));
    expect(onTransform).toHaveBeenLastCalledWith({
      scale: 1.2,
      rotation: 0,
      offsetX: 0,
      offsetY: 0,
    });
    expect(readTransform(inlineMedia()).scale).toBe(1.2);
    await user.click(button('放大三倍'));
    expect(readTransform(inlineMedia())).toMatchObject({ scale: 3, rotation: 180 });
    act(() => wheel(viewportOf(inlineMedia()), -1));
    expect(readTransform(inlineMedia()).scale).toBe(3.05);
  });

  it('resets the transform when the parent moves the index', async () => {
    const user = userEvent.setup();
    render(<MarkingPanel />);
    await user.click(button('放大三倍'));
    await user.click(button('第三页'));
    expect(inlineMedia()).toHaveAttribute('src', IMAGES[2]);
    expect(readTransform(inlineMedia())).toEqual({ scale: 1, rotation: 0, offsetX: 0, offsetY: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('"scale":1,');
  });

  it('shows only what the controlled transform says when the parent ignores changes', async () => {
    const user = userEvent.setup();
    const onTransformChange = vi.fn();
    render(
      <InlineImagePreview
        urls={IMAGES}
        transform={{ scale: 2, rotation: 90, offsetX: 0, offsetY: 0 }}
        onTransformChange={onTransformChange}
      />,
    );
    await user.click(button('向右旋转'));
    expect(onTransformChange).toHaveBeenLastCalledWith({
      scale: 2,
      rotation: 180,
      offsetX: 0,
      offsetY: 0,
    });
    expect(readTransform(inlineMedia()).rotation).toBe(90);
  });

  it('answers the keyboard once focused; Esc does nothing', async () => {
    const user = userEvent.setup();
    render(<InlineImagePreview urls={MEDIA} />);
    await user.tab();
    expect(screen.getByRole('region')).toHaveFocus();
    await user.keyboard('{ArrowRight}+r');
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(readTransform(inlineMedia())).toMatchObject({ scale: 1.2, rotation: 90 });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region')).toBeInTheDocument();
  });

  it('keeps the index inside a shorter list and shows nothing for an empty one', () => {
    const { rerender } = render(<InlineImagePreview urls={IMAGES} index={2} />);
    rerender(<InlineImagePreview urls={IMAGES.slice(0, 1)} index={2} />);
    expect(inlineMedia()).toHaveAttribute('src', IMAGES[0]);
    expect(screen.queryByRole('button', { name: '下一张' })).toBeNull();
    rerender(<InlineImagePreview urls={[]} />);
    expect(screen.getByRole('region').querySelector('img,video,audio')).toBeNull();
    expect(screen.queryByText(/\//)).toBeNull();
  });

  it('confirms the current position and rotation', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<InlineImagePreview urls={IMAGES} defaultIndex={2} showConfirm onConfirm={onConfirm} />);
    await user.click(button('向右旋转'));
    await user.click(button('向右旋转'));
    await user.click(button('确定'));
    expect(onConfirm).toHaveBeenCalledWith({ index: 2, rotation: 180 });
  });
});
