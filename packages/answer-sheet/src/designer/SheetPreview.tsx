import type { ReactElement } from 'react';
import type { Rect, SheetDocument, SheetPage, SheetRegion } from '../types';
import { SEAL_LINE_TEXT } from '../layout/pageFurniture';
import { qrcodeRects } from '../qrcode/qrcodeRects';

/** CSS pixels per millimetre at 100 %. */
const PX_PER_MM = 96 / 25.4;
const FRAME = '#262626';
const BUBBLE = '#8c8c8c';
const HINT = '#666666';

export interface SheetPreviewProps {
  document: SheetDocument;
  /**
   * Scale of the preview; 1 is the printed size.
   * @default 1
   */
  zoom?: number;
}

function Box({
  r,
  stroke = FRAME,
  width = 0.3,
  dash,
}: {
  r: Rect;
  stroke?: string;
  width?: number;
  dash?: string;
}) {
  return (
    <rect
      x={r.x + width / 2}
      y={r.y + width / 2}
      width={r.w - width}
      height={r.h - width}
      fill="none"
      stroke={stroke}
      strokeWidth={width}
      {...(dash ? { strokeDasharray: dash } : {})}
    />
  );
}

function Solid({ r }: { r: Rect }) {
  return <rect x={r.x} y={r.y} width={r.w} height={r.h} fill="#000" />;
}

function Text({
  x,
  y,
  size,
  children,
  anchor = 'start',
  fill = '#1a1a1a',
}: {
  x: number;
  y: number;
  size: number;
  children: string;
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
}) {
  return (
    <text x={x} y={y} fontSize={size} textAnchor={anchor} dominantBaseline="central" fill={fill}>
      {children}
    </text>
  );
}

function Bubble({ r, label }: { r: Rect; label: string }) {
  return (
    <g>
      <rect
        x={r.x + 0.1}
        y={r.y + 0.1}
        width={r.w - 0.2}
        height={r.h - 0.2}
        rx={0.8}
        fill="none"
        stroke={BUBBLE}
        strokeWidth={0.2}
      />
      <Text x={r.x + r.w / 2} y={r.y + r.h / 2} size={r.h * 0.7} anchor="middle" fill="#a6a6a6">
        {label}
      </Text>
    </g>
  );
}

/** What the designer draws before the sheet has an identity: a light sample code, never printed. */
const SAMPLE_PAYLOAD = 'EK1|0|sample';

/** The sheet's QR code, or a light sample of the same size while the sheet has no identity yet. */
function Qrcode({ region }: { region: Extract<SheetRegion, { kind: 'qrcode' }> }) {
  const { rect: r, code, payload } = region;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const d = qrcodeRects(code, payload ?? SAMPLE_PAYLOAD)
    .rects.map((m) => `M${round(m.x)} ${round(m.y)}h${round(m.w)}v${round(m.h)}h${round(-m.w)}z`)
    .join('');
  const captionY = code.y + code.h + (r.y + r.h - code.y - code.h) / 2;
  const label = payload === null ? '二维码（示例，保存后生成）' : `二维码：${payload}`;
  return (
    <g role="img" aria-label={label}>
      <title>{label}</title>
      <path d={d} fill={payload === null ? '#bfbfbf' : '#000'} />
      <Text x={r.x + r.w / 2} y={captionY} size={2.6} anchor="middle" fill={HINT}>
        {payload === null ? '二维码（示例）' : '二维码'}
      </Text>
    </g>
  );
}

function Region({ region }: { region: SheetRegion }): ReactElement | null {
  const r = region.rect;
  const mid = r.y + r.h / 2;
  switch (region.kind) {
    case 'title':
      return (
        <Text x={r.x + r.w / 2} y={mid} size={region.fontSizeMm} anchor="middle">
          {region.text}
        </Text>
      );
    case 'studentInfo':
      return (
        <g>
          {region.fields.map((f) => (
            <g key={f.label}>
              <Text
                x={f.rect.x}
                y={f.rect.y + (f.rect.h - 1) / 2}
                size={3.2}
              >{`${f.label}：`}</Text>
              <line
                x1={f.rect.x + (f.label.length + 1) * 3.2}
                x2={f.rect.x + f.rect.w - 3}
                y1={f.lineY}
                y2={f.lineY}
                stroke={FRAME}
                strokeWidth={0.2}
              />
            </g>
          ))}
        </g>
      );
    case 'examNumber':
      return (
        <g>
          <Box r={r} />
          {region.anchors.map((a, i) => (
            <Solid key={i} r={a} />
          ))}
          <Text x={r.x + r.w / 2} y={r.y + 7} size={2.6} anchor="middle">
            准考证号
          </Text>
          {region.writeBoxes.map((b, i) => (
            <Box key={i} r={b} stroke={HINT} width={0.15} />
          ))}
          {region.digits.flatMap((column, d) =>
            column.map((b) => <Bubble key={`${d}-${b.label}`} r={b.rect} label={b.label} />),
          )}
        </g>
      );
    case 'barcode':
      return (
        <g>
          <Box r={r} width={0.2} dash="1.5 1" />
          <Text x={r.x + r.w / 2} y={mid} size={4} anchor="middle" fill={HINT}>
            贴条形码区
          </Text>
        </g>
      );
    case 'attention':
      return (
        <g>
          <Box r={r} width={0.2} />
          {region.lines.map((line, i) => (
            <Text
              key={i}
              x={i === 0 ? r.x + r.w / 2 : r.x + 2}
              y={r.y + 1.5 + i * 3.8 + 1.9}
              size={region.fontSizeMm}
              anchor={i === 0 ? 'middle' : 'start'}
            >
              {line}
            </Text>
          ))}
        </g>
      );
    case 'fillExample':
      return (
        <g>
          <Text x={r.x} y={mid} size={3.2}>
            正确填涂
          </Text>
          <rect
            x={region.correct.x}
            y={region.correct.y}
            width={region.correct.w}
            height={region.correct.h}
            rx={0.8}
            fill="#000"
          />
          <Text x={region.correct.x + 8} y={mid} size={3.2}>
            错误填涂
          </Text>
          {region.wrong.map((w, i) => (
            <Bubble key={i} r={w} label={['√', '×', '○'][i] ?? ''} />
          ))}
        </g>
      );
    case 'missTag':
      return (
        <g>
          <Text x={r.x} y={mid} size={3.2}>
            缺考标记
          </Text>
          <Bubble r={region.box} label="" />
          <Text x={region.box.x + region.box.w + 2} y={mid} size={2.6} fill={HINT}>
            （考生禁填，由监考员填涂）
          </Text>
        </g>
      );
    case 'qrcode':
      return <Qrcode region={region} />;
    case 'careTip':
      return (
        <Text x={r.x + r.w / 2} y={mid} size={2.6} anchor="middle" fill={HINT}>
          {region.text}
        </Text>
      );
    case 'sealLine':
      return (
        <g>
          <line
            x1={r.x + r.w - 2}
            x2={r.x + r.w - 2}
            y1={r.y}
            y2={r.y + r.h}
            stroke={FRAME}
            strokeWidth={0.2}
            strokeDasharray="2 1.2"
          />
          <g transform={`rotate(-90 ${r.x + r.w / 2} ${mid})`}>
            <Text x={r.x + r.w / 2} y={mid + r.w / 2 - 3.5} size={2.6} anchor="middle" fill={HINT}>
              {SEAL_LINE_TEXT}
            </Text>
            <Text x={r.x + r.w / 2} y={mid - 2} size={3.2} anchor="middle">
              {region.fields.map((f) => `${f}：＿＿＿＿＿`).join('\u3000')}
            </Text>
          </g>
        </g>
      );
    case 'objective':
      return (
        <g>
          <Box r={r} />
          {region.anchors.map((a, i) => (
            <Solid key={i} r={a} />
          ))}
          {region.items.map((item) => (
            <g key={item.questionId}>
              <Text
                x={
                  item.labelRect.h < item.labelRect.w
                    ? item.labelRect.x + item.labelRect.w / 2
                    : item.labelRect.x + item.labelRect.w
                }
                y={item.labelRect.y + item.labelRect.h / 2}
                size={2.8}
                anchor={item.labelRect.h < item.labelRect.w ? 'middle' : 'end'}
              >
                {item.number}
              </Text>
              {item.options.map((o) => (
                <Bubble key={o.option} r={o.rect} label={o.label} />
              ))}
            </g>
          ))}
        </g>
      );
    case 'stem':
      return (
        <g>
          {region.lines.map((line, i) => (
            <Text key={i} x={r.x} y={r.y + 0.5 + i * 4.6 + 2.3} size={region.fontSizeMm}>
              {line}
            </Text>
          ))}
        </g>
      );
    case 'fill':
      return (
        <g>
          <Text x={r.x} y={r.y + 4} size={3.2}>{`${region.number}．`}</Text>
          {region.lines.map((l, i) => (
            <line
              key={i}
              x1={l.x}
              x2={l.x + l.w}
              y1={l.y + 0.1}
              y2={l.y + 0.1}
              stroke={FRAME}
              strokeWidth={0.2}
            />
          ))}
        </g>
      );
    case 'subjective':
      return (
        <g>
          <Box r={r} />
          <Text x={r.x + 2} y={r.y + 3} size={3.2}>
            {region.heading}
          </Text>
          {region.scoreCells.map((c) => (
            <g key={c.label}>
              <Box r={c.rect} stroke={HINT} width={0.15} />
              <Text
                x={c.rect.x + c.rect.w / 2}
                y={c.rect.y + c.rect.h / 2}
                size={2.3}
                anchor="middle"
                fill={HINT}
              >
                {c.label}
              </Text>
            </g>
          ))}
          {region.continues ? (
            <Text x={r.x + r.w - 2} y={r.y + r.h - 3} size={2.6} anchor="end" fill={HINT}>
              （续见下一栏）
            </Text>
          ) : null}
        </g>
      );
    case 'blank':
      return <Box r={r} stroke="#c0c0c0" width={0.2} dash="2 2" />;
    case 'pageCode':
      return (
        <g>
          {region.cells.map((c, i) =>
            c.filled ? (
              <Solid key={i} r={c.rect} />
            ) : (
              <Box key={i} r={c.rect} stroke={BUBBLE} width={0.15} />
            ),
          )}
        </g>
      );
    case 'pageNumber':
      return (
        <Text x={r.x} y={mid} size={2.8}>
          {region.text}
        </Text>
      );
  }
}

function Page({
  document,
  page,
  zoom,
}: {
  document: SheetDocument;
  page: SheetPage;
  zoom: number;
}) {
  const { widthMm: w, heightMm: h } = document;
  return (
    <svg
      role="img"
      aria-label={`第 ${page.index + 1} 页（${document.paperSize}，共 ${document.pages.length} 页）`}
      viewBox={`0 0 ${w} ${h}`}
      width={Math.round(w * PX_PER_MM * zoom)}
      height={Math.round(h * PX_PER_MM * zoom)}
      fontFamily='"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif'
    >
      <rect x={0} y={0} width={w} height={h} fill="#fff" />
      {page.markers.map((m) => (
        <Solid key={m.corner} r={m.rect} />
      ))}
      {page.regions.map((region, i) => (
        <Region key={i} region={region} />
      ))}
    </svg>
  );
}

/** The laid-out sheet as SVG pages, drawn from the same document as the PDF. */
export function SheetPreview({ document, zoom = 1 }: SheetPreviewProps) {
  return (
    <>
      {document.pages.map((page) => (
        <Page key={page.index} document={document} page={page} zoom={zoom} />
      ))}
    </>
  );
}
