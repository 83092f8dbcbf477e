import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Receipts drawn on the spot for the reading tests and the OCR bench: nothing
 * is downloaded and no binary fixture is kept in the repository. Each one
 * says what a reader should find on it.
 */
export interface ReceiptLine {
  left: string;
  right?: string;
  /** Font size in px at the 576 px width of an 80 mm till roll printed at 180 dpi. */
  size?: number;
  center?: boolean;
  bold?: boolean;
}

export interface ReceiptSpec {
  name: string;
  lines: ReceiptLine[];
  locale?: string;
  expected: { vendor: string; date: string; total: string; currency: string };
}

export interface Variant {
  name: string;
  /** Degrees clockwise: a photo taken slightly askew. */
  rotate?: number;
  /** Box blur radius in px: a photo slightly out of focus. */
  blur?: number;
  /** Output width in px (the receipt is drawn at 576 px, then scaled). */
  width?: number;
  /** Speckles per 10,000 px: dust and paper grain. */
  noise?: number;
  format?: 'png' | 'jpeg';
}

const WIDTH = 576;
const MARGIN = 24;
const FONT = '"DejaVu Sans Mono", "Liberation Mono", monospace';

const grocery: ReceiptSpec = {
  name: 'grocery (USD)',
  lines: [
    { left: 'GREEN VALLEY MARKET', size: 30, center: true, bold: true },
    { left: '1200 Main Street, Springfield', center: true },
    { left: 'Tel 555-0134', center: true },
    { left: '' },
    { left: '03/14/2026  10:42 AM   Reg 2' },
    { left: '' },
    { left: 'Bananas 2.1 lb', right: '1.26' },
    { left: 'Whole Milk 1 gal', right: '4.19' },
    { left: 'Sourdough Bread', right: '5.49' },
    { left: 'Cheddar 8 oz', right: '3.99' },
    { left: 'Coffee Beans', right: '12.99' },
    { left: '' },
    { left: 'SUBTOTAL', right: '27.92' },
    { left: 'TAX 6.25%', right: '1.75' },
    { left: 'TOTAL', right: '$29.67', bold: true, size: 26 },
    { left: 'CASH', right: '40.00' },
    { left: 'CHANGE', right: '10.33' },
    { left: '' },
    { left: 'Thank you for shopping!', center: true },
  ],
  locale: 'en-US',
  expected: { vendor: 'Green Valley Market', date: '2026-03-14', total: '29.67', currency: 'USD' },
};

const cafe: ReceiptSpec = {
  name: 'café (EUR, comma decimals)',
  lines: [
    { left: 'CAFE DU MARCHE', size: 30, center: true, bold: true },
    { left: '12 Rue des Lilas, 75011 Paris', center: true },
    { left: 'SIRET 812 345 678 00019', center: true },
    { left: '' },
    { left: 'Date: 07/02/2026  08:15' },
    { left: '' },
    { left: '2 x Cafe creme', right: '7,00' },
    { left: 'Croissant', right: '1,80' },
    { left: 'Jus d orange', right: '4,50' },
    { left: '' },
    { left: 'TVA 10%', right: '1,21' },
    { left: 'TOTAL EUR', right: '13,30 €', bold: true, size: 26 },
    { left: 'CB', right: '13,30' },
    { left: '' },
    { left: 'Merci et a bientot', center: true },
  ],
  locale: 'fr-FR',
  expected: { vendor: 'Cafe Du Marche', date: '2026-02-07', total: '13.30', currency: 'EUR' },
};

const restaurant: ReceiptSpec = {
  name: 'restaurant (GBP)',
  lines: [
    { left: 'THE RED LION', size: 30, center: true, bold: true },
    { left: '4 High Street, Oxford OX1 4AB', center: true },
    { left: 'VAT No 123 4567 89', center: true },
    { left: '' },
    { left: '21 Jan 2026   19:48   Table 6' },
    { left: '' },
    { left: 'Fish and Chips', right: '£16.50' },
    { left: 'Ploughmans Lunch', right: '£12.00' },
    { left: '2 x Pint Bitter', right: '£11.20' },
    { left: 'Sticky Toffee Pudding', right: '£7.25' },
    { left: '' },
    { left: 'Subtotal', right: '£46.95' },
    { left: 'Service 12.5%', right: '£5.87' },
    { left: 'Amount Due', right: '£52.82', bold: true, size: 26 },
    { left: 'VISA', right: '£52.82' },
  ],
  locale: 'en-GB',
  expected: { vendor: 'Red Lion', date: '2026-01-21', total: '52.82', currency: 'GBP' },
};

const fuel: ReceiptSpec = {
  name: 'fuel (CAD)',
  lines: [
    { left: 'NORTHERN FUELS', size: 30, center: true, bold: true },
    { left: 'Station 214  Calgary AB', center: true },
    { left: 'GST# 81234 5678 RT0001', center: true },
    { left: '' },
    { left: '2026-04-09  17:05' },
    { left: 'Pump 5   Regular' },
    { left: '38.412 L @ 1.459/L', right: '56.04' },
    { left: 'Car Wash', right: '12.00' },
    { left: 'GST 5%', right: '3.40' },
    { left: '' },
    { left: 'TOTAL CAD', right: 'C$71.44', bold: true, size: 26 },
    { left: 'DEBIT', right: '71.44' },
    { left: 'Auth 083321', center: true },
  ],
  locale: 'en-CA',
  expected: { vendor: 'Northern Fuels', date: '2026-04-09', total: '71.44', currency: 'CAD' },
};

const hardware: ReceiptSpec = {
  name: 'hardware store (USD, balance due)',
  lines: [
    { left: 'ACE HARDWARE', size: 30, center: true, bold: true },
    { left: 'Store 10477  Portland OR', center: true },
    { left: '' },
    { left: 'Nov 3, 2026   2:17 PM' },
    { left: 'Deck Screws 5 lb', right: '34.98' },
    { left: 'Wood Stain 1 qt', right: '18.47' },
    { left: 'Paint Brush Set', right: '9.99' },
    { left: 'Sub Total', right: '63.44' },
    { left: 'Sales Tax', right: '0.00' },
    { left: 'BALANCE DUE', right: '63.44', bold: true, size: 26 },
    { left: 'MASTERCARD', right: '63.44' },
  ],
  locale: 'en-US',
  expected: { vendor: 'Ace Hardware', date: '2026-11-03', total: '63.44', currency: 'USD' },
};

const pharmacy: ReceiptSpec = {
  name: 'pharmacy (EUR, dotted date)',
  lines: [
    { left: 'APOTHEKE AM RING', size: 30, center: true, bold: true },
    { left: 'Ringstrasse 8, 50672 Koeln', center: true },
    { left: '' },
    { left: '18.09.2026  11:30' },
    { left: 'Ibuprofen 400', right: '5,95' },
    { left: 'Nasenspray', right: '4,49' },
    { left: 'Pflaster', right: '3,29' },
    { left: 'MwSt 19%', right: '2,19' },
    { left: 'SUMME EUR', right: '13,73', bold: true, size: 26 },
    { left: 'Gegeben BAR', right: '20,00' },
    { left: 'Rueckgeld', right: '6,27' },
  ],
  locale: 'de-DE',
  expected: { vendor: 'Apotheke Am Ring', date: '2026-09-18', total: '13.73', currency: 'EUR' },
};

/** The four the tests read; the bench reads these and more. */
export const TEST_RECEIPTS = { grocery, cafe, restaurant, fuel } as const;
export const BENCH_RECEIPTS: ReceiptSpec[] = [grocery, cafe, restaurant, fuel, hardware, pharmacy];

const lineHeight = (line: ReceiptLine) => Math.round((line.size ?? 22) * 1.45);

const drawLines = (ctx: SKRSContext2D, lines: ReceiptLine[]) => {
  ctx.fillStyle = '#111';
  ctx.textBaseline = 'top';
  let y = 36;
  for (const line of lines) {
    ctx.font = `${line.bold ? 'bold ' : ''}${line.size ?? 22}px ${FONT}`;
    if (line.center) {
      ctx.textAlign = 'center';
      ctx.fillText(line.left, WIDTH / 2, y);
    } else {
      ctx.textAlign = 'left';
      ctx.fillText(line.left, MARGIN, y);
    }
    if (line.right) {
      ctx.textAlign = 'right';
      ctx.fillText(line.right, WIDTH - MARGIN, y);
    }
    y += lineHeight(line);
  }
};

/** A box blur of the whole image, in place: cheap, and close enough to a photo out of focus. */
const boxBlur = (data: Uint8ClampedArray, width: number, height: number, radius: number) => {
  const copy = new Uint8ClampedArray(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let count = 0;
        for (let dy = -radius; dy <= radius; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -radius; dx <= radius; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            sum += copy[(yy * width + xx) * 4 + c]!;
            count++;
          }
        }
        data[(y * width + x) * 4 + c] = sum / count;
      }
    }
  }
};

/** A deterministic pseudo-random sequence, so a variant draws the same speckles every run. */
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

export const renderReceipt = (spec: ReceiptSpec, variant: Variant = { name: 'clean' }): Buffer => {
  const height = spec.lines.reduce((h, l) => h + lineHeight(l), 72);
  const paper = createCanvas(WIDTH, height);
  const p = paper.getContext('2d');
  p.fillStyle = '#fff';
  p.fillRect(0, 0, WIDTH, height);
  drawLines(p, spec.lines);

  // The photo: the paper on a grey table, turned a little, scaled to the camera's width.
  const scale = (variant.width ?? WIDTH * 2) / (WIDTH + 80);
  const outW = Math.round((WIDTH + 80) * scale);
  const outH = Math.round((height + 80) * scale);
  const photo = createCanvas(outW, outH);
  const ctx = photo.getContext('2d');
  ctx.fillStyle = '#9a9a9a';
  ctx.fillRect(0, 0, outW, outH);
  ctx.translate(outW / 2, outH / 2);
  ctx.rotate(((variant.rotate ?? 0) * Math.PI) / 180);
  ctx.scale(scale, scale);
  ctx.drawImage(paper, -WIDTH / 2, -height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);

  if (variant.blur || variant.noise) {
    const image = ctx.getImageData(0, 0, outW, outH);
    if (variant.blur) boxBlur(image.data, outW, outH, variant.blur);
    if (variant.noise) {
      const random = seeded(outW * 31 + outH);
      const speckles = Math.round((outW * outH * variant.noise) / 10_000);
      for (let i = 0; i < speckles; i++) {
        const at = Math.floor(random() * outW * outH) * 4;
        const shade = random() < 0.5 ? 60 : 235;
        image.data[at] = image.data[at + 1] = image.data[at + 2] = shade;
      }
    }
    ctx.putImageData(image, 0, 0);
  }
  return variant.format === 'jpeg' ? photo.toBuffer('image/jpeg', 85) : photo.toBuffer('image/png');
};

/** A PDF with a real text layer, as a till system or an online shop would email it. */
export const textLayerPdf = async (spec: ReceiptSpec): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 40 + spec.lines.length * 16]);
  const font = await doc.embedFont(StandardFonts.Courier);
  const bold = await doc.embedFont(StandardFonts.CourierBold);
  let y = page.getHeight() - 28;
  for (const line of spec.lines) {
    const f = line.bold ? bold : font;
    const x = line.center ? (300 - f.widthOfTextAtSize(line.left, 9)) / 2 : 14;
    page.drawText(line.left, { x, y, size: 9, font: f });
    if (line.right) page.drawText(line.right, { x: 286 - f.widthOfTextAtSize(line.right, 9), y, size: 9, font: f });
    y -= 16;
  }
  return Buffer.from(await doc.save());
};

/** A PDF holding only a picture of the receipt, as a scanner or a phone's "scan document" makes. */
export const scannedPdf = async (image: Buffer, kind: 'png' | 'jpeg'): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const embedded = kind === 'png' ? await doc.embedPng(image) : await doc.embedJpg(image);
  // 150 dpi: a page as wide as the receipt roll (about 3 inches at this size).
  const width = (embedded.width * 72) / 150;
  const height = (embedded.height * 72) / 150;
  const page = doc.addPage([width, height]);
  page.drawImage(embedded, { x: 0, y: 0, width, height });
  return Buffer.from(await doc.save());
};

/**
 * A long receipt photographed in `parts` photos, top to bottom, made into one PDF of a page per
 * photo: what a phone sends for "one long receipt". Cut between printed lines, as a person moves
 * the phone down the roll.
 */
export const pagedScan = async (spec: ReceiptSpec, parts: number): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const perPart = Math.ceil(spec.lines.length / parts);
  for (let i = 0; i < parts; i++) {
    const photo = renderReceipt({ ...spec, lines: spec.lines.slice(i * perPart, (i + 1) * perPart) }, { name: `part ${i + 1}`, format: 'jpeg' });
    const embedded = await doc.embedJpg(photo);
    const page = doc.addPage([(embedded.width * 72) / 200, (embedded.height * 72) / 200]);
    page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await doc.save());
};
