/**
 * `npm run bench -- --only=ocr`: draws receipts of six layouts in several
 * variants (clean, askew, blurred, small, a phone photo with all three, a
 * scanned PDF, a PDF with a text layer), reads each with the library the
 * receipt job calls, and reports seconds per file (p50/p95) and how many of
 * vendor, date, total and currency came out right, per field and per variant.
 * Nothing is downloaded: the receipts are drawn here, the model is in
 * node_modules.
 */
import os from 'node:os';
import { OcrPool } from '../apps/server/src/modules/files/receipts/reading/ocr-pool.worker.js';
import { readReceipt } from '../apps/server/src/modules/files/receipts/reading/read-receipt.service.js';
import type { ReceiptReading } from '../apps/server/src/modules/files/receipts/reading/reading.types.js';
import { BENCH_RECEIPTS, renderReceipt, scannedPdf, textLayerPdf, type Variant } from '../apps/server/test/receipt-images.js';

const FIELDS = ['vendor', 'date', 'total', 'currency'] as const;
type Field = (typeof FIELDS)[number];

interface VariantResult {
  name: string;
  files: number;
  seconds: number[];
  /** CPU seconds of the process (its OCR threads included): less sensitive than wall time to other work on the machine. */
  cpuSeconds: number[];
  correct: Record<Field, number>;
}

export interface OcrBenchResult {
  variants: VariantResult[];
  warmSeconds: number;
  poolSize: number;
  peakRssMb: number;
  loadAverage: { before: number; after: number };
  misses: string[];
}

const IMAGE_VARIANTS: Variant[] = [
  { name: 'clean PNG, 1,150 px', format: 'png' },
  { name: 'askew 3°, JPEG', rotate: 3, format: 'jpeg' },
  { name: 'blurred, JPEG', blur: 2, format: 'jpeg' },
  { name: 'small, 450 px JPEG', width: 450, format: 'jpeg' },
  { name: 'phone photo: askew 4°, blurred, speckled', rotate: -4, blur: 1, noise: 30, format: 'jpeg' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export const runOcrBench = async (): Promise<OcrBenchResult> => {
  const pool = new OcrPool();
  const loadBefore = os.loadavg()[0]!;
  let peakRss = process.memoryUsage().rss;
  const warmStart = performance.now();
  await pool.warm();
  const warmSeconds = (performance.now() - warmStart) / 1000;
  const receivedOn = new Date('2026-11-25T12:00:00Z');
  const misses: string[] = [];

  const files: { variant: string; make: (spec: (typeof BENCH_RECEIPTS)[number]) => Promise<{ bytes: Buffer; mime: string }> }[] = [
    ...IMAGE_VARIANTS.map((v) => ({
      variant: v.name,
      make: async (spec: (typeof BENCH_RECEIPTS)[number]) => ({ bytes: renderReceipt(spec, v), mime: v.format === 'jpeg' ? 'image/jpeg' : 'image/png' }),
    })),
    {
      variant: 'scanned PDF (page image only)',
      make: async (spec) => ({ bytes: await scannedPdf(renderReceipt(spec, { name: 'scan', format: 'jpeg' }), 'jpeg'), mime: 'application/pdf' }),
    },
    { variant: 'PDF with a text layer', make: async (spec) => ({ bytes: await textLayerPdf(spec), mime: 'application/pdf' }) },
  ];

  const variants: VariantResult[] = [];
  for (const file of files) {
    const result: VariantResult = { name: file.variant, files: 0, seconds: [], cpuSeconds: [], correct: { vendor: 0, date: 0, total: 0, currency: 0 } };
    for (const spec of BENCH_RECEIPTS) {
      const { bytes, mime } = await file.make(spec);
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      let reading: ReceiptReading | null = null;
      try {
        reading = await readReceipt(bytes, mime, { locale: spec.locale, receivedOn }, pool);
      } catch (err) {
        misses.push(`${spec.name} / ${file.variant}: ${err instanceof Error ? err.message : String(err)}`);
      }
      result.seconds.push((performance.now() - start) / 1000);
      const cpu = process.cpuUsage(cpuStart);
      result.cpuSeconds.push((cpu.user + cpu.system) / 1e6);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      result.files++;
      for (const field of FIELDS) {
        const got = reading?.[field]?.value;
        if (got === spec.expected[field]) result.correct[field]++;
        else misses.push(`${spec.name} / ${file.variant}: ${field} ${got ?? '(none)'} instead of ${spec.expected[field]}`);
      }
    }
    process.stderr.write(`  ${file.variant}: ${FIELDS.map((f) => `${f} ${result.correct[f]}/${result.files}`).join(', ')}\n`);
    variants.push(result);
  }
  const poolSize = pool.size;
  await pool.close();
  return { variants, warmSeconds, poolSize, peakRssMb: peakRss / 1024 / 1024, loadAverage: { before: loadBefore, after: os.loadavg()[0]! }, misses };
};

const sec = (s: number) => `${s.toFixed(2)} s`;

export const renderOcrReport = (r: OcrBenchResult) => {
  const ocrSeconds = r.variants.filter((v) => v.name !== 'PDF with a text layer').flatMap((v) => v.seconds);
  const sortedAll = [...ocrSeconds].sort((a, b) => a - b);
  const cpuAll = r.variants
    .filter((v) => v.name !== 'PDF with a text layer')
    .flatMap((v) => v.cpuSeconds)
    .sort((a, b) => a - b);
  const total = (field: Field) => r.variants.reduce((n, v) => n + v.correct[field], 0);
  const files = r.variants.reduce((n, v) => n + v.files, 0);
  const row = (v: VariantResult) => {
    const sorted = [...v.seconds].sort((a, b) => a - b);
    const cpu = [...v.cpuSeconds].sort((a, b) => a - b);
    const all = FIELDS.reduce((n, f) => n + v.correct[f], 0);
    return `| ${v.name} | ${v.files} | ${sec(percentile(sorted, 50))} | ${sec(percentile(sorted, 95))} | ${sec(percentile(cpu, 50))} | ${FIELDS.map((f) => `${v.correct[f]}/${v.files}`).join(' | ')} | ${all}/${v.files * 4} |`;
  };
  return [
    '<!-- ocr:start -->',
    '## Reading receipts (OCR)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=ocr\` (bench/ocr.ts): ${files} files, ${r.variants[0]?.files ?? 0} receipt layouts`,
    '(grocery, café in € with comma decimals, £ restaurant, CAD fuel, hardware store with BALANCE DUE, German pharmacy) drawn by the bench in each',
    `variant, read one after another by \`readReceipt\` with a pool of ${r.poolSize} worker(s) (the default on ${os.availableParallelism()} cores), tesseract.js 7 with the eng \`best_int\` model.`,
    `Pool warm-up ${sec(r.warmSeconds)}; peak RSS of the process ${Math.round(r.peakRssMb)} MB; load average ${r.loadAverage.before.toFixed(1)} before, ${r.loadAverage.after.toFixed(1)} after (other work on the machine).`,
    '',
    '| variant | files | p50 per file | p95 per file | CPU per file, p50 | vendor | date | total | currency | all fields |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.variants.map(row),
    `| **all** | ${files} | ${sec(percentile(sortedAll, 50))} (OCR'd files) | ${sec(percentile(sortedAll, 95))} (OCR'd files) | ${sec(percentile(cpuAll, 50))} | ${FIELDS.map((f) => `${total(f)}/${files}`).join(' | ')} | ${FIELDS.reduce((n, f) => n + total(f), 0)}/${files * 4} |`,
    '',
    'Wall time is what a receipt job waits; with other work on the two cores (the load average above) it is inflated several times, so the CPU',
    "column is the steadier figure. Text-layer PDFs do no OCR; every other file is decoded, scaled and OCR'd.",
    '',
    r.misses.length === 0 ? 'Every field of every file was read right.' : `What was missed (${r.misses.length}):`,
    ...r.misses.map((m) => `- ${m}`),
    '<!-- ocr:end -->',
    '',
  ].join('\n');
};
