import { StrictMode, useState, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import {
  ImagePreview,
  INITIAL_TRANSFORM,
  InlineImagePreview,
  mediaTypeOf,
  type PreviewConfirmPayload,
} from '@examkit/image-preview';

/** Real files in public/media, plus one address that does not exist (shows 加载失败). */
const URLS = [
  '/media/scan-4000x6000.png',
  '/media/homework-photo.jpg',
  '/media/diagram.png',
  '/media/missing-scan.png',
  '/media/lesson.mp4',
  '/media/reading.mp3',
];
const NAMES = ['答题卡扫描件', '作业照片', '几何图', '缺失的图片', '讲解视频', '朗读音频'];

const page: CSSProperties = {
  fontFamily: '"Noto Sans CJK SC", sans-serif',
  margin: '0 auto',
  maxWidth: 1100,
  padding: 24,
  color: '#1f2328',
};
const tile: CSSProperties = {
  width: 150,
  height: 150,
  display: 'grid',
  placeItems: 'center',
  border: '1px solid #d1d9e0',
  borderRadius: 8,
  background: '#f6f8fa',
  cursor: 'pointer',
  overflow: 'hidden',
  padding: 0,
  font: 'inherit',
};

function Gallery() {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(0);
  const [confirmed, setConfirmed] = useState<PreviewConfirmPayload>();
  const [inlineIndex, setInlineIndex] = useState(0);
  const [transform, setTransform] = useState(INITIAL_TRANSFORM);

  return (
    <main style={page}>
      <h1>图片预览示例</h1>
      <p>点击缩略图打开预览：滚轮缩放，拖动平移，R 旋转，← → 切换，Esc 关闭。</p>
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', padding: 0 }}>
        {URLS.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              style={tile}
              aria-label={`查看${NAMES[i]}`}
              onClick={() => {
                setStart(i);
                setOpen(true);
              }}
            >
              {mediaTypeOf(url) === 'image' ? (
                <img src={url} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
              ) : (
                <span>{NAMES[i]}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" data-testid="confirmed">
        {confirmed
          ? `已确认：第 ${confirmed.index + 1} 张，旋转 ${confirmed.rotation}°`
          : '尚未确认'}
      </p>

      <h2>内嵌模式（阅卷界面）</h2>
      <div style={{ height: 420, border: '1px solid #d1d9e0', borderRadius: 8 }}>
        <InlineImagePreview
          urls={URLS.slice(0, 3)}
          index={inlineIndex}
          onIndexChange={setInlineIndex}
          transform={transform}
          onTransformChange={setTransform}
        />
      </div>
      <p data-testid="inline-state">
        第 {inlineIndex + 1} 张 · 缩放 {transform.scale} · 旋转 {transform.rotation}°
      </p>

      <ImagePreview
        urls={URLS}
        startPosition={start}
        visible={open}
        onClose={() => setOpen(false)}
        showConfirm
        onConfirm={setConfirmed}
      />
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Gallery />
    </StrictMode>,
  );
}
