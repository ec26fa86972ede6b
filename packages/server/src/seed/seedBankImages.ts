import { BankQuestionInput } from '@examkit/contracts';
import sharp from 'sharp';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { storeContent } from '../oss/uploads';
import { insertQuestion } from '../resource/questions';
import { checkSeed } from './checkSeed';

/**
 * Demo bank questions with figures (docs/resources.md "The demo bank"): right triangles, bar
 * charts and vectors on a grid, drawn as SVG, turned into PNG by sharp and stored through the
 * uploads' content-addressed file store, so the stems refer to them as an uploaded image
 * (`![说明](/marking-oss/file/<sha256>.png)`). Labels are Latin letters and digits: the PNG is
 * drawn without CJK fonts. Idempotent: nothing is added when the school has them.
 */

export const FIGURE_SOURCE = '示范中学原创（配图）';

const W = 360;
const H = 240;
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
  `<rect width="${W}" height="${H}" fill="#ffffff"/>` +
  `<g font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#000">${body}</g></svg>`;

/** Rt△ABC with ∠C = 90°, ∠A = 30° and BC labelled. */
function triangle(bc: number): string {
  const [ax, ay, bx, by, cx, cy] = [40, 200, 300, 50, 300, 200];
  return svg(
    `<polygon points="${ax},${ay} ${bx},${by} ${cx},${cy}" fill="none" stroke="#000" stroke-width="2"/>` +
      `<polyline points="${cx - 16},${cy} ${cx - 16},${cy - 16} ${cx},${cy - 16}" fill="none" stroke="#000"/>` +
      `<path d="M ${ax + 40},${ay} A 40 40 0 0 0 ${ax + 35},${ay - 20}" fill="none" stroke="#000"/>` +
      `<text x="${ax - 24}" y="${ay + 6}">A</text><text x="${bx + 8}" y="${by}">B</text>` +
      `<text x="${cx + 8}" y="${cy + 16}">C</text><text x="${ax + 48}" y="${ay - 6}">30°</text>` +
      `<text x="${cx + 10}" y="${(by + cy) / 2 + 6}">${bc}</text>`,
  );
}

/** A bar chart of four groups A–D with their counts on top. */
function bars(counts: readonly number[]): string {
  const max = Math.max(...counts);
  const body = counts
    .map((n, i) => {
      const h = Math.round((n / max) * 150);
      const x = 60 + i * 70;
      return (
        `<rect x="${x}" y="${200 - h}" width="40" height="${h}" fill="#5b8def" stroke="#000"/>` +
        `<text x="${x + 12}" y="222">${String.fromCharCode(65 + i)}</text>` +
        `<text x="${x + 10}" y="${194 - h}">${n}</text>`
      );
    })
    .join('');
  return svg(
    `<line x1="40" y1="200" x2="340" y2="200" stroke="#000" stroke-width="2"/>` +
      `<line x1="40" y1="20" x2="40" y2="200" stroke="#000" stroke-width="2"/>${body}`,
  );
}

/** Vectors a and b from the origin of a unit grid. */
function vectors(a: readonly [number, number], b: readonly [number, number]): string {
  const unit = 36;
  const [ox, oy] = [72, 204];
  const grid = Array.from({ length: 8 }, (_, i) => {
    const x = 36 + i * unit;
    const y = 24 + i * unit;
    return (
      `<line x1="${x}" y1="24" x2="${x}" y2="${H - 0}" stroke="#ccc"/>` +
      (y <= H ? `<line x1="36" y1="${y}" x2="${W}" y2="${y}" stroke="#ccc"/>` : '')
    );
  }).join('');
  const arrow = ([x, y]: readonly [number, number], name: string) => {
    const ex = ox + x * unit;
    const ey = oy - y * unit;
    return (
      `<line x1="${ox}" y1="${oy}" x2="${ex}" y2="${ey}" stroke="#000" stroke-width="2.5" marker-end="url(#head)"/>` +
      `<text x="${ex + 6}" y="${ey - 6}" font-weight="bold">${name}</text>`
    );
  };
  return svg(
    `<defs><marker id="head" markerWidth="10" markerHeight="10" refX="8" refY="5" orient="auto">` +
      `<path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>` +
      grid +
      arrow(a, 'a') +
      arrow(b, 'b') +
      `<text x="${ox - 20}" y="${oy + 20}">O</text>`,
  );
}

interface Figure {
  svg: string;
  alt: string;
  point: string;
  question: () => Omit<BankQuestionInput, 'subjectCode' | 'stage' | 'pointIds'>;
}

const common = { gradeNum: 10, source: FIGURE_SOURCE, year: 2026, tags: ['配图'], children: [] };

function figures(): Figure[] {
  const out: Figure[] = [];
  for (const bc of [2, 3, 5])
    out.push({
      svg: triangle(bc),
      alt: `直角三角形ABC，BC=${bc}`,
      point: '特殊角的三角函数值',
      question: () => ({
        ...common,
        type: 'blank',
        difficulty: 2,
        stem: `如图，在 $\\mathrm{Rt}\\triangle ABC$ 中，$\\angle C=90^\\circ$，$\\angle A=30^\\circ$，$BC=${bc}$，则斜边 $AB=$____。`,
        options: [],
        answer: `$${2 * bc}$`,
        analysis: `$\\sin A=\\dfrac{BC}{AB}=\\dfrac{1}{2}$，所以 $AB=2BC=${2 * bc}$。`,
      }),
    });
  for (const [counts, asked] of [
    [[12, 8, 10, 10], 0],
    [[15, 5, 12, 9], 2],
  ] as const) {
    const total = counts.reduce((s, n) => s + n, 0);
    const group = String.fromCharCode(65 + asked);
    const fraction = (n: number) => `$\\dfrac{${n / gcd(n, total)}}{${total / gcd(n, total)}}$`;
    const right = fraction(counts[asked]);
    const wrong = [`$\\dfrac{1}{4}$`, fraction(counts[1]), `$\\dfrac{1}{${counts[asked]}}$`].filter(
      (w) => w !== right,
    );
    // The right option stands at a different letter in each chart.
    const at = out.length % 4;
    const options = [...wrong.slice(0, 3)];
    options.splice(at, 0, right);
    out.push({
      svg: bars(counts),
      alt: `A、B、C、D 四类活动人数条形统计图：${counts.join('、')}`,
      point: '古典概型',
      question: () => ({
        ...common,
        type: 'single',
        difficulty: 2,
        stem: `某班 ${total} 名同学各参加 A、B、C、D 四类活动中的一类，人数如条形统计图所示。从中随机选一名同学，他参加 ${group} 类活动的概率是`,
        options,
        answer: String.fromCharCode(65 + at),
        analysis: `参加 ${group} 类的有 ${counts[asked]} 人，概率为 $\\dfrac{${counts[asked]}}{${total}}$。`,
      }),
    });
  }
  for (const [a, b, withA] of [
    [[3, 1], [1, 2], false],
    [[4, 2], [-1, 3], true],
  ] as const) {
    const ab = a[0] * b[0] + a[1] * b[1];
    const aa = a[0] * a[0] + a[1] * a[1];
    const dot = withA ? aa + ab : ab;
    const asked = withA ? '\\vec a\\cdot(\\vec a+\\vec b)' : '\\vec a\\cdot\\vec b';
    out.push({
      svg: vectors(a, b),
      alt: `网格中的向量a、b`,
      point: '向量的数量积',
      question: () => ({
        ...common,
        type: 'blank',
        difficulty: 3,
        stem: `如图，在边长为 $1$ 的正方形网格中，向量 $\\vec a$、$\\vec b$ 的起点都是 $O$，终点都在格点上，则 $${asked}=$____。`,
        options: [],
        answer: `$${dot}$`,
        analysis: `$\\vec a=(${a[0]},${a[1]})$，$\\vec b=(${b[0]},${b[1]})$，$\\vec a\\cdot\\vec b=${ab}$${withA ? `，$|\\vec a|^2=${aa}$，所以 $${asked}=${dot}$` : ''}。`,
      }),
    });
  }
  return out;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Seeds the figure questions of the demo school's 数学 bank (subject 02) once; answers how many were added. */
export async function seedBankImages(
  db: Db,
  files: FileStore,
  schoolId: number,
  clock: Clock,
): Promise<number> {
  const done = await db
    .selectFrom('questions')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('source', '=', FIGURE_SOURCE)
    .executeTakeFirst();
  if (done) return 0;
  const points = new Map(
    (
      await db
        .selectFrom('knowledge_points')
        .select(['id', 'name'])
        .where('school_id', 'is', null)
        .where('subject_code', '=', '02')
        .where('stage', '=', 3)
        .execute()
    ).map((p) => [p.name, p.id]),
  );
  let added = 0;
  for (const figure of figures()) {
    const png = await sharp(Buffer.from(figure.svg)).png().toBuffer();
    const { url } = await storeContent(files, png, 'png');
    const point = points.get(figure.point);
    const q = figure.question();
    const input: BankQuestionInput = {
      ...q,
      // The figure follows the stem as its own paragraph, as the editor's image upload writes it.
      stem: `${q.stem}\n\n![${figure.alt}](${url})`,
      subjectCode: '02',
      stage: 3,
      pointIds: point ? [point] : [],
    };
    checkSeed(BankQuestionInput, input, `figure question ${added + 1}`);
    await insertQuestion(db, clock, { schoolId, userId: null }, input);
    added++;
  }
  return added;
}
