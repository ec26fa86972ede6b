// Benchmark of @examkit/answer-sheet: layout time of a 60-question sheet, and the time to write
// 1,000 sheet PDFs with pre-printed exam numbers and names (bubbles filled).
// Runs from source: node --conditions=source --import tsx bench/answer-sheet.mjs
// (against dist after `npm run build -w @examkit/answer-sheet`: node bench/answer-sheet.mjs)
// Options: --sheets=N (default 1000).
import { performance } from 'node:perf_hooks';
import { layoutSheet, toRecognitionTemplate } from '@examkit/answer-sheet';
import { renderSheetPdf } from '@examkit/answer-sheet/pdf';

const sheets = Number(process.argv.find((a) => a.startsWith('--sheets='))?.split('=')[1] ?? 1000);

/** 30 single choice, 10 true/false, 10 fill-in (2 blanks), 10 subjective of 12 marks. */
function paper60() {
  const questions = [];
  for (let i = 1; i <= 60; i++) {
    const type = i <= 30 ? 'single' : i <= 40 ? 'judge' : i <= 50 ? 'fill' : 'subjective';
    questions.push({
      id: `q${i}`,
      number: String(i),
      type,
      fullMarks: type === 'subjective' ? 12 : 2,
      ...(type === 'fill' ? { blankCount: 2 } : {}),
    });
  }
  return { subject: '数学', questions };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const paper = paper60();
for (let i = 0; i < 50; i++) layoutSheet(paper, { isHen: i % 2 });
const layoutTimes = { A4: [], A3: [] };
for (let i = 0; i < 500; i++) {
  const isHen = i % 2;
  const t0 = performance.now();
  toRecognitionTemplate(layoutSheet(paper, { isHen, column: isHen ? 3 : 1 }));
  layoutTimes[isHen ? 'A3' : 'A4'].push(performance.now() - t0);
}
console.log(
  `layout + template, 60 questions: A4 median ${median(layoutTimes.A4).toFixed(3)} ms, A3 (3 columns) median ${median(layoutTimes.A3).toFixed(3)} ms`,
);

const document = layoutSheet(paper);
const warm = performance.now();
await renderSheetPdf(document, { student: { examNumber: '20260000', name: '考生' } });
console.log(
  `first PDF (font parsed once per process): ${(performance.now() - warm).toFixed(0)} ms`,
);

let bytes = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < sheets; i++) {
  const examNumber = String(20260001 + i);
  const pdf = await renderSheetPdf(document, { student: { examNumber, name: `考生${i + 1}` } });
  bytes += pdf.length;
}
const total = performance.now() - t0;
const { user, system } = process.cpuUsage(cpu0);
const cpu = (user + system) / 1000;
// CPU time is reported beside wall time: on a shared machine the wall clock measures the neighbours too.
console.log(
  `${sheets} pre-printed PDFs (${document.pages.length} A4 pages each): ${(total / 1000).toFixed(1)} s wall, ` +
    `${(cpu / 1000).toFixed(1)} s CPU, ${(cpu / sheets).toFixed(1)} ms CPU per sheet, ${(bytes / sheets / 1024).toFixed(0)} KiB per sheet`,
);
