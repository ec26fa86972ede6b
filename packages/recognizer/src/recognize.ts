import { alignedPageOf, cropsOf } from './alignedPage';
import { fail } from './failed';
import { checkFingerprint } from './fingerprint';
import { apply, localScale } from './geometry';
import { findMarkers, markerBlack } from './markers';
import { orientPage } from './pageCode';
import { prepareTemplate, type PreparedTemplate } from './prepare';
import { checkQrcode } from './readQrcode';
import { readMarks } from './readMarks';
import { ensureMapped, openScan } from './scanImage';
import { DEFAULT_THRESHOLDS } from './thresholds';
import type {
  MarkThresholds,
  RawImage,
  RecognitionTemplate,
  RecognizeOptions,
  RecognizedSheet,
  SheetResult,
} from './types';

/**
 * Recognises one grey page image against a template. Never throws: a page that cannot be read
 * ends as `{ status: 'failed', reason }` with a Chinese reason.
 */
export function recognizeImage(
  img: RawImage,
  template: RecognitionTemplate,
  options: RecognizeOptions = {},
): SheetResult {
  const t0 = performance.now();
  try {
    let prepared: PreparedTemplate;
    try {
      prepared = prepareTemplate(template);
    } catch (e) {
      return fail('template', e instanceof Error ? e.message : '识别模板无效', options.id);
    }
    const r = recognizeWith(img, prepared, options);
    if (r.status !== 'failed') r.timings = { recognizeMs: performance.now() - t0 };
    return options.id !== undefined ? { ...r, id: options.id } : r;
  } catch (e) {
    return fail('internal', `识别出错：${e instanceof Error ? e.message : String(e)}`, options.id);
  }
}

function recognizeWith(
  input: RawImage,
  prepared: PreparedTemplate,
  options: RecognizeOptions,
): SheetResult {
  const th: MarkThresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const { template } = prepared;
  const Wmm = template.widthMm;
  const Hmm = template.heightMm;
  if (
    input &&
    input.width > 0 &&
    input.height > 0 &&
    Math.abs(input.width / input.height / (Wmm / Hmm) - 1) > 0.15
  )
    return fail('wrongExam', '非本场考试答题卡（纸张尺寸或方向与模板不符）');
  if (
    !input ||
    input.width < 200 ||
    input.height < 200 ||
    input.data.length < input.width * input.height
  )
    return fail('decode', '图像尺寸过小或数据不完整');
  const { scan, bilevel, smoothed, ppmPrior } = openScan(input, Wmm, Hmm);

  // Markers are the same on every page: use page 0's to align, then read the page code.
  const base = prepared.pages[0]!;
  const fit = findMarkers(scan, base, Wmm, Hmm, ppmPrior, th);
  if ('status' in fit) return fit;
  scan.black = markerBlack(scan, fit.h, base);
  const oriented = orientPage(scan, fit.h, base, Wmm, Hmm, template.pageCount);
  if ('status' in oriented) return oriented;
  const { h, upsideDown, pageIndex } = oriented;
  const page = prepared.pages[pageIndex]!;
  const ppm = localScale(h, Wmm / 2, Hmm / 2);

  const layout = checkFingerprint(scan, page, h, fit.found, ppm, th, bilevel);
  if ('status' in layout) return layout;
  const { anchorsExpected, anchorsFound, anchorResidualMm } = layout;
  // Fingerprint 3: the sheet's own QR code, where the template expects one (see readQrcode.ts).
  for (const e of template.elements)
    if (e.kind === 'qrcode' && e.page === pageIndex) ensureMapped(scan, h, e, 3);
  const qr = checkQrcode(template, pageIndex, h, [scan.original, scan.img]);
  if ('failed' in qr) return qr.failed;

  const reviewReasons: string[] = [];
  if (fit.found === 2) reviewReasons.push('只找到两个定位标记，已按两点对齐，请核对整张答题卡');
  if (layout.blocksUnrefined > 0)
    reviewReasons.push('局部定位点不清，作答区按四角定位标记读取，请核对填涂');
  if (layout.frameDoubt) reviewReasons.push('黑白扫描中作答区边框不清，无法确认是否本场考试答题卡');
  const marks = readMarks(scan, page, h, layout.blockMaps, th, bilevel, options);
  reviewReasons.push(...marks.reviewReasons);
  const { answers, examNumberDigits, examNumber, absent } = marks;

  const crops = options.skipCrops ? [] : cropsOf(input, h, page, ppm);
  const dpi = options.alignedPageDpi ?? 100;
  const keep = options.alignedPage ?? 'review';
  const alignedPage =
    dpi > 0 && (keep === 'always' || (keep === 'review' && reviewReasons.length > 0))
      ? alignedPageOf(input, h, Wmm, Hmm, dpi, ppm, smoothed)
      : undefined;
  const o = apply(h, Wmm / 2, Hmm / 2);
  const ox = apply(h, Wmm / 2 + 10, Hmm / 2);
  const rotationDeg = (Math.atan2(ox.y - o.y, ox.x - o.x) * 180) / Math.PI;
  const result: RecognizedSheet = {
    status: reviewReasons.length > 0 ? 'review' : 'ok',
    reviewReasons,
    page: pageIndex,
    examNumber,
    examNumberDigits,
    absent,
    ...qr,
    answers,
    crops,
    bilevel,
    alignment: {
      markersFound: fit.found,
      pxPerMm: ppm,
      rotationDeg,
      upsideDown,
      markerResidualMm: fit.residualMm,
      anchorsExpected,
      anchorsFound,
      anchorResidualMm,
      homography: h,
    },
  };
  if (alignedPage) result.alignedPage = alignedPage;
  return result;
}
