import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImagePreview, type ImagePreviewProps } from './ImagePreview';
import { IMAGES, MEDIA, media, readTransform, viewportOf, wheel } from './test/fixtures';

type Extra = Partial<Omit<ImagePreviewProps, 'visible'>>;

/** A page with an opener button and the preview, as a partner would embed it. */
function Page(props: Extra & { initiallyOpen?: boolean }) {
  const { initiallyOpen = false, ...rest } = props;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <main>
        <button type="button" onClick={() => setOpen(true)}>
          查看答卷
        </button>
        <p>背景内容</p>
      </main>
      <ImagePreview urls={MEDIA} {...rest} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openPage(props: Extra = {}) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <Page {...props} />
    </StrictMode>,
  );
  await user.click(screen.getByRole('button', { name: '查看答卷' }));
  return user;
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ImagePreview: dialog', () => {
  it('renders nothing while not visible', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a modal dialog named 图片预览 with Chinese labels on every control', async () => {
    await openPage({ showConfirm: true });
    const dialog = screen.getByRole('dialog', { name: '图片预览' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const name of [
      '上一张',
      '下一张',
      '放大',
      '缩小',
      '向左旋转',
      '向右旋转',
      '重置',
      '确定',
      '关闭',
    ]) {
      expect(button(name)).toBeInTheDocument();
    }
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '图片 1 / 5' })).toHaveAttribute('src', IMAGES[0]);
  });

  it('takes every label from `labels`', async () => {
    await openPage({
      showConfirm: true,
      labels: { dialog: 'Preview', next: 'Next', zoomIn: 'Zoom in', confirm: 'OK', close: 'Close' },
    });
    expect(screen.getByRole('dialog', { name: 'Preview' })).toBeInTheDocument();
    for (const name of ['Next', 'Zoom in', 'OK', 'Close', '上一张'])
      expect(button(name)).toBeInTheDocument();
  });

  it('hides the counter, the close button, the tools and the confirm button on request', async () => {
    await openPage({ showIndex: false, showClose: false, tools: [] });
    expect(screen.queryByText('1 / 5')).toBeNull();
    for (const name of ['关闭', '放大', '缩小', '重置', '确定']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(button('向左旋转')).toBeInTheDocument();
  });

  it('starts at startPosition (and defaultIndex as an alias)', async () => {
    await openPage({ startPosition: 2 });
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
  });

  it('starts at defaultIndex when no startPosition', async () => {
    await openPage({ defaultIndex: 1 });
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
  });
});

describe('ImagePreview: zoom, rotation, pan, reset', () => {
  it('buttons zoom by 0.2 between 0.2 and 5', async () => {
    const user = await openPage();
    await user.click(button('放大'));
    expect(readTransform(media()).scale).toBe(1.2);
    for (let i = 0; i < 30; i++) await user.click(button('放大'));
    expect(readTransform(media()).scale).toBe(5);
    for (let i = 0; i < 30; i++) await user.click(button('缩小'));
    expect(readTransform(media()).scale).toBe(0.2);
  });

  it('the wheel zooms by 0.05 around the pointer', async () => {
    await openPage();
    const img = media();
    // jsdom lays nothing out: the stage centre is at (0, 0).
    act(() => wheel(viewportOf(img), -100, 100, 40));
    expect(readTransform(img)).toEqual({ scale: 1.05, rotation: 0, offsetX: -5, offsetY: -2 });
    act(() => wheel(viewportOf(img), -100, 100, 40));
    expect(readTransform(img).scale).toBe(1.1);
    act(() => wheel(viewportOf(img), 100));
    act(() => wheel(viewportOf(img), 100));
    act(() => wheel(viewportOf(img), 100));
    expect(readTransform(img)).toEqual({ scale: 0.95, rotation: 0, offsetX: 0, offsetY: 0 });
  });

  it('the wheel stops the page from scrolling', async () => {
    await openPage();
    const event = new WheelEvent('wheel', { deltaY: -1, bubbles: true, cancelable: true });
    act(() => void viewportOf(media()).dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
  });

  it('rotates left and right by 90°', async () => {
    const user = await openPage();
    await user.click(button('向右旋转'));
    expect(readTransform(media()).rotation).toBe(90);
    await user.click(button('向左旋转'));
    await user.click(button('向左旋转'));
    expect(readTransform(media()).rotation).toBe(-90);
  });

  it('shrinks a quarter-turned item so that it still fits the stage', async () => {
    const user = await openPage();
    const img = media();
    const size = (el: HTMLElement, props: Record<string, number>) => {
      for (const [key, value] of Object.entries(props)) {
        Object.defineProperty(el, key, { configurable: true, value });
      }
    };
    // A 1000 × 500 stage showing a landscape photo fitted to 1000 × 400.
    size(viewportOf(img), { clientWidth: 1000, clientHeight: 500 });
    size(img, { offsetWidth: 1000, offsetHeight: 400 });
    fireEvent.load(img);
    await user.click(button('向右旋转'));
    // Turned, it is 400 wide and 1000 high: shown at 500 / 1000 of its scale.
    expect(readTransform(img)).toMatchObject({ rotation: 90, scale: 0.5 });
    await user.click(button('放大'));
    expect(readTransform(img).scale).toBe(0.6);
    await user.click(button('向右旋转'));
    expect(readTransform(img)).toMatchObject({ rotation: 180, scale: 1.2 });
  });

  it('drags to pan only when zoomed', async () => {
    const user = await openPage();
    const view = viewportOf(media());
    const drag = (dx: number, dy: number) => {
      fireEvent.pointerDown(view, { pointerId: 1, button: 0, clientX: 10, clientY: 10 });
      fireEvent.pointerMove(view, { pointerId: 1, clientX: 10 + dx, clientY: 10 + dy });
      fireEvent.pointerUp(view, { pointerId: 1, clientX: 10 + dx, clientY: 10 + dy });
    };
    drag(30, 20);
    expect(readTransform(media())).toMatchObject({ offsetX: 0, offsetY: 0 });
    await user.click(button('放大'));
    drag(30, 20);
    expect(readTransform(media())).toMatchObject({ scale: 1.2, offsetX: 30, offsetY: 20 });
  });

  it('pinches with two pointers', async () => {
    await openPage();
    const view = viewportOf(media());
    fireEvent.pointerDown(view, { pointerId: 1, button: 0, clientX: -50, clientY: 0 });
    fireEvent.pointerDown(view, { pointerId: 2, button: 0, clientX: 50, clientY: 0 });
    fireEvent.pointerMove(view, { pointerId: 2, clientX: 150, clientY: 0 });
    // Fingers 100 px apart, now 200 px: twice the scale, around their middle (50, 0).
    expect(readTransform(media())).toEqual({ scale: 2, rotation: 0, offsetX: -50, offsetY: 0 });
    fireEvent.pointerMove(view, { pointerId: 1, clientX: -1000, clientY: 0 });
    expect(readTransform(media()).scale).toBe(5);
    fireEvent.pointerUp(view, { pointerId: 1 });
    fireEvent.pointerUp(view, { pointerId: 2 });
  });

  it('reset goes back to scale 1, no rotation, centred', async () => {
    const user = await openPage();
    await user.click(button('放大'));
    await user.click(button('向右旋转'));
    act(() => wheel(viewportOf(media()), -1, 80, 80));
    await user.click(button('重置'));
    expect(readTransform(media())).toEqual({ scale: 1, rotation: 0, offsetX: 0, offsetY: 0 });
  });
});

describe('ImagePreview: navigation', () => {
  it('previous and next stop at the ends', async () => {
    const user = await openPage({ urls: IMAGES });
    expect(button('上一张')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('上一张'));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.click(button('下一张'));
    await user.click(button('下一张'));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(button('下一张')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('下一张'));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(media()).toHaveAttribute('src', IMAGES[2]);
  });

  it('moving resets zoom, rotation and offset', async () => {
    const user = await openPage();
    await user.click(button('放大'));
    await user.click(button('向右旋转'));
    act(() => wheel(viewportOf(media()), -1, 50, 50));
    expect(readTransform(media()).scale).toBe(1.25);
    await user.click(button('下一张'));
    expect(readTransform(media())).toEqual({ scale: 1, rotation: 0, offsetX: 0, offsetY: 0 });
  });

  it('reports the position through onIndexChange and follows a controlled index', async () => {
    const onIndexChange = vi.fn();
    const user = await openPage({ index: 1, onIndexChange });
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    await user.click(button('下一张'));
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    // Controlled: the parent did not move, so neither did we.
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
  });

  it('preloads the neighbouring images', async () => {
    const loaded: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(value: string) {
          loaded.push(value);
        }
      },
    );
    const user = await openPage({ startPosition: 1 });
    expect(loaded).toEqual(expect.arrayContaining([IMAGES[0], IMAGES[2]]));
    loaded.length = 0;
    await user.click(button('下一张'));
    // Next to the third image: the second (image) and the video (not preloaded).
    expect(loaded).toContain(IMAGES[1]);
    expect(loaded).not.toContain(MEDIA[3]);
  });
});

describe('ImagePreview: media', () => {
  it('plays video and audio by extension', async () => {
    const user = await openPage({ startPosition: 3 });
    const video = media();
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', MEDIA[3]);
    expect(video).toHaveAttribute('controls');
    await user.click(button('下一张'));
    const audio = screen.getByRole('dialog').querySelector('audio');
    expect(audio).toHaveAttribute('src', MEDIA[4]);
    expect(screen.getByRole('dialog').querySelector('img,video')).toBeNull();
  });

  it('shows 加载失败 for an image that fails, and retries the next one normally', async () => {
    const user = await openPage({ urls: ['/missing.png', '/ok.png'] });
    fireEvent.error(media());
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '加载失败' })).toBeInTheDocument();
    await user.click(button('下一张'));
    expect(screen.queryByText('加载失败')).toBeNull();
    expect(media()).toHaveAttribute('src', '/ok.png');
  });

  it('uses alts when given', async () => {
    await openPage({ alts: ['第一页答卷'] });
    expect(screen.getByRole('img', { name: '第一页答卷' })).toBeInTheDocument();
  });
});

describe('ImagePreview: confirm', () => {
  it('receives the current position and rotation (0–270)', async () => {
    const onConfirm = vi.fn();
    const user = await openPage({ showConfirm: true, onConfirm });
    await user.click(button('下一张'));
    await user.click(button('向左旋转'));
    await user.click(button('确定'));
    expect(onConfirm).toHaveBeenLastCalledWith({ index: 1, rotation: 270 });
    for (let i = 0; i < 6; i++) await user.click(button('向右旋转'));
    await user.click(button('确定'));
    expect(onConfirm).toHaveBeenLastCalledWith({ index: 1, rotation: 90 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('ImagePreview: keyboard', () => {
  it('← → move, + − zoom, R and Shift+R rotate, 0 resets, Esc closes', async () => {
    const user = await openPage();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
    await user.keyboard('++');
    expect(readTransform(media()).scale).toBe(1.4);
    await user.keyboard('-');
    expect(readTransform(media()).scale).toBe(1.2);
    await user.keyboard('=');
    expect(readTransform(media()).scale).toBe(1.4);
    await user.keyboard('r');
    expect(readTransform(media()).rotation).toBe(90);
    await user.keyboard('{Shift>}R{/Shift}{Shift>}R{/Shift}');
    expect(readTransform(media()).rotation).toBe(-90);
    await user.keyboard('0');
    expect(readTransform(media())).toEqual({ scale: 1, rotation: 0, offsetX: 0, offsetY: 0 });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAttribute('data-state', 'closed');
  });
});

describe('ImagePreview: focus', () => {
  it('moves focus into the dialog and traps Tab and Shift+Tab inside', async () => {
    const user = await openPage({ urls: IMAGES, showConfirm: true });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(button('关闭')).toHaveFocus();
    for (let i = 0; i < 20; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    button('确定').focus();
    await user.tab();
    expect(button('关闭')).toHaveFocus();
    await user.tab({ shift: true });
    expect(button('确定')).toHaveFocus();
  });

  it('keeps focus in the dialog at the end of the list', async () => {
    const user = await openPage({ urls: IMAGES });
    button('下一张').focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(button('下一张')).toHaveFocus();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('returns focus to the opener on close', async () => {
    const user = await openPage();
    await user.click(button('关闭'));
    expect(screen.getByRole('button', { name: '查看答卷' })).toHaveFocus();
  });
});

describe('ImagePreview: page effects and removal', () => {
  it('locks scrolling and makes the background inert while open, restoring exactly on close', async () => {
    document.body.style.overflow = 'scroll';
    const outside = document.createElement('aside');
    outside.setAttribute('inert', '');
    document.body.append(outside);
    const user = await openPage();
    expect(document.body.style.overflow).toBe('hidden');
    const main = screen.getByRole('main', { hidden: true });
    expect(main.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
    expect(main.closest('[inert]')).toBeNull();
    expect(outside).toHaveAttribute('inert');
    outside.remove();
    document.body.style.overflow = '';
  });

  it('fades out, then removes the preview after 300 ms', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<ImagePreview urls={IMAGES} visible />);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
    rerender(<ImagePreview urls={IMAGES} visible={false} />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveAttribute('data-state', 'closed');
    expect(dialog.parentElement).toHaveAttribute('data-state', 'closed');
    expect(document.body.style.overflow).toBe('');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('reopening within the 300 ms keeps the preview', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ImagePreview urls={IMAGES} visible />);
    rerender(<ImagePreview urls={IMAGES} visible={false} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<ImagePreview urls={IMAGES} visible />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('each opening starts again at startPosition with a fresh transform', async () => {
    const user = await openPage({ startPosition: 1 });
    await user.click(button('下一张'));
    await user.click(button('放大'));
    await user.click(button('关闭'));
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    await user.click(screen.getByRole('button', { name: '查看答卷' }));
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(readTransform(media()).scale).toBe(1);
  });
});
