import {
  forwardRef,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { DEFAULT_LABELS } from './labels';
import { mediaTypeOf } from './mediaType';
import { PREVIEW_LIMITS, normalizeRotation, transformCss } from './transform';
import { usePreviewTransform } from './usePreviewTransform';
import type { PreviewBaseProps } from './types';
import { Bar, Button, Root, Text, Viewport } from './styles';

/** Runs before paint in the browser, without React 18's server warning. */
export const useIsoLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export interface PreviewStageProps extends PreviewBaseProps {
  inline: boolean;
  /** Close button and Esc (modal only). */
  onClose?: (() => void) | undefined;
  showClose?: boolean | undefined;
  rootProps: HTMLAttributes<HTMLDivElement> & { 'data-state'?: string };
}

const { wheelStep, buttonStep } = PREVIEW_LIMITS;

/** The shared body of both previewers: media, gestures, keyboard and tools. Not exported from the package. */
export const PreviewStage = forwardRef<HTMLDivElement, PreviewStageProps>(
  function PreviewStage(props, ref) {
    const {
      urls,
      index,
      defaultIndex,
      startPosition,
      onIndexChange,
      showIndex = true,
      tools = ['zoom', 'reset'],
      showConfirm = false,
      onConfirm,
      transform: transformProp,
      onTransformChange,
      labels: labelsProp,
      alts,
      className,
      inline,
      onClose,
      showClose = true,
      rootProps,
    } = props;
    const labels = { ...DEFAULT_LABELS, ...labelsProp };
    const [ownIndex, setOwnIndex] = useState(startPosition ?? defaultIndex ?? 0);
    const total = urls.length;
    const current = Math.max(0, Math.min(index ?? ownIndex, total - 1));
    const url = urls[current];
    const type = url === undefined ? undefined : mediaTypeOf(url);
    const [t, dispatch] = usePreviewTransform({
      value: transformProp,
      onChange: onTransformChange,
    });
    const [failed, setFailed] = useState<string>();
    // A quarter turn swaps width and height: shrink the item so that it still fits the stage.
    const [quarterFit, setQuarterFit] = useState(1);
    const item = useRef<HTMLImageElement & HTMLVideoElement>(null);
    const measure = useCallback(() => {
      const v = viewport.current;
      const m = item.current;
      setQuarterFit(
        v && m && m.offsetWidth && m.offsetHeight
          ? Math.min(1, v.clientWidth / m.offsetHeight, v.clientHeight / m.offsetWidth)
          : 1,
      );
    }, []);
    const [dragging, setDragging] = useState(false);
    const viewport = useRef<HTMLDivElement>(null);
    const pointers = useRef(new Map<number, { x: number; y: number }>());
    const pinch = useRef<{ dist: number; scale: number }>(undefined);

    // Moving to another item (by us or by the parent) resets zoom, rotation and offset.
    const shown = useRef(current);
    useIsoLayoutEffect(() => {
      if (shown.current !== current) {
        shown.current = current;
        dispatch({ type: 'reset' });
      }
    }, [current, dispatch]);

    useIsoLayoutEffect(measure, [measure, url]);
    useEffect(() => {
      const v = viewport.current;
      if (!v || typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(measure);
      observer.observe(v);
      return () => observer.disconnect();
    }, [measure]);

    // Neighbouring images are fetched ahead.
    useEffect(() => {
      for (const near of [urls[current - 1], urls[current + 1]]) {
        if (near !== undefined && mediaTypeOf(near) === 'image') new Image().src = near;
      }
    }, [urls, current]);

    // Wheel zoom around the pointer; a native listener so that the page does not scroll.
    useEffect(() => {
      const el = viewport.current;
      if (!el) return;
      const onWheel = (e: WheelEvent) => {
        if (!e.deltaY) return;
        e.preventDefault();
        const o = origin(el, e.clientX, e.clientY);
        dispatch({ type: 'zoomBy', delta: e.deltaY < 0 ? wheelStep : -wheelStep, ...o });
      };
      el.addEventListener('wheel', onWheel, { passive: false });
      return () => el.removeEventListener('wheel', onWheel);
    }, [dispatch]);

    const go = (step: number) => {
      const next = current + step;
      if (next < 0 || next >= total) return;
      setOwnIndex(next);
      onIndexChange?.(next);
    };
    const zoom = (sign: number) => dispatch({ type: 'zoomBy', delta: sign * buttonStep });
    const rotate = (direction: 'left' | 'right') => dispatch({ type: 'rotate', direction });
    const reset = () => dispatch({ type: 'reset' });

    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      rootProps.onKeyDown?.(e);
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      // Arrow keys on a focused player seek it instead.
      if (e.key.startsWith('Arrow') && e.target instanceof HTMLMediaElement) return;
      const k = e.key;
      if (k === 'ArrowLeft') go(-1);
      else if (k === 'ArrowRight') go(1);
      else if (k === 'Escape' && onClose) onClose();
      else if (k === '+' || k === '=') zoom(1);
      else if (k === '-' || k === '_') zoom(-1);
      else if (k === 'r' || k === 'R') rotate(e.shiftKey ? 'left' : 'right');
      else if (k === '0') reset();
      else return;
      e.preventDefault();
    };

    const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
      if (e.button !== 0 || e.target instanceof HTMLMediaElement) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      e.currentTarget.setPointerCapture?.(e.pointerId);
      const [a, b] = [...pointers.current.values()];
      if (a && b) pinch.current = { dist: distance(a, b), scale: t.scale };
      setDragging(true);
    };
    const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
      const p = pointers.current.get(e.pointerId);
      if (!p) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      p.x = e.clientX;
      p.y = e.clientY;
      const [a, b] = [...pointers.current.values()];
      if (a && b && pinch.current) {
        const o = origin(e.currentTarget, (a.x + b.x) / 2, (a.y + b.y) / 2);
        const scale = (pinch.current.scale * distance(a, b)) / (pinch.current.dist || 1);
        dispatch({ type: 'zoomTo', scale, ...o });
      } else if (!b) dispatch({ type: 'pan', dx, dy });
    };
    const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
      pointers.current.delete(e.pointerId);
      if (pointers.current.size < 2) pinch.current = undefined;
      if (!pointers.current.size) setDragging(false);
    };

    const quarter = Math.abs(t.rotation / 90) % 2 === 1;
    const style = { transform: transformCss(quarter ? { ...t, scale: t.scale * quarterFit } : t) };
    const alt = alts?.[current] ?? `${labels.image} ${current + 1} / ${total}`;
    const atStart = current <= 0;
    const atEnd = current >= total - 1;

    return (
      <Root
        {...rootProps}
        ref={ref}
        $inline={inline}
        className={className}
        onKeyDown={onKeyDown}
        data-media-type={type}
      >
        <Viewport
          ref={viewport}
          data-dragging={dragging || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {url === undefined ? null : type === 'video' ? (
            <video
              key={url}
              ref={item}
              src={url}
              controls
              style={style}
              onLoadedMetadata={measure}
            />
          ) : type === 'audio' ? (
            <audio key={url} src={url} controls />
          ) : failed === url ? (
            <Text role="img" aria-label={labels.loadFailed}>
              {labels.loadFailed}
            </Text>
          ) : (
            <img
              key={url}
              ref={item}
              src={url}
              alt={alt}
              onLoad={measure}
              draggable={false}
              style={style}
              onError={() => setFailed(url)}
            />
          )}
        </Viewport>
        <Bar $top>
          {showIndex && total > 0 ? (
            <Text aria-live="polite">
              {current + 1} / {total}
            </Text>
          ) : (
            <span />
          )}
          {showClose && onClose && (
            <Button type="button" aria-label={labels.close} title={labels.close} onClick={onClose}>
              ×
            </Button>
          )}
        </Bar>
        {total > 1 && (
          <>
            <Button
              type="button"
              $side="left"
              aria-label={labels.previous}
              title={labels.previous}
              aria-disabled={atStart}
              onClick={() => go(-1)}
            >
              ‹
            </Button>
            <Button
              type="button"
              $side="right"
              aria-label={labels.next}
              title={labels.next}
              aria-disabled={atEnd}
              onClick={() => go(1)}
            >
              ›
            </Button>
          </>
        )}
        <Bar>
          {tools.includes('zoom') && (
            <>
              <Tool label={labels.zoomOut} onClick={() => zoom(-1)} glyph="−" />
              <Tool label={labels.zoomIn} onClick={() => zoom(1)} glyph="+" />
            </>
          )}
          <Tool label={labels.rotateLeft} onClick={() => rotate('left')} glyph="↺" />
          <Tool label={labels.rotateRight} onClick={() => rotate('right')} glyph="↻" />
          {tools.includes('reset') && <Tool label={labels.reset} onClick={reset} glyph="⟲" />}
          {showConfirm && (
            <Button
              type="button"
              $primary
              onClick={() =>
                onConfirm?.({ index: current, rotation: normalizeRotation(t.rotation) })
              }
            >
              {labels.confirm}
            </Button>
          )}
        </Bar>
      </Root>
    );
  },
);

function Tool(p: { label: string; glyph: string; onClick: () => void }) {
  return (
    <Button type="button" aria-label={p.label} title={p.label} onClick={p.onClick}>
      {p.glyph}
    </Button>
  );
}

function origin(el: Element, x: number, y: number) {
  const r = el.getBoundingClientRect();
  return { originX: x - r.left - r.width / 2, originY: y - r.top - r.height / 2 };
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
