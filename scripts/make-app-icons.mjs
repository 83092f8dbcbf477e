#!/usr/bin/env node
// Draws the app's icons for the home screen from its mark (apps/web/public/favicon.svg's shapes) with
// @napi-rs/canvas, the canvas the server already uses: 192 and 512 px with rounded corners, a
// maskable 512 px (full bleed, the mark inside the middle 80% that every platform's mask keeps), the
// 180 px icon iOS asks for, and a 96 px badge (the mark alone, white: Android tints it). Run again
// after changing the mark; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { createCanvas, Path2D } from '@napi-rs/canvas';

const OUT = new URL('../apps/web/public/icons/', import.meta.url);
const GREEN = '#2f6f5e';
const SAGE = '#9caf88';

/** The mark on a 64-unit grid, as the favicon draws it: an H and a dot. */
const drawMark = (ctx, { letter = '#fff', dot = SAGE } = {}) => {
  ctx.fillStyle = letter;
  ctx.fill(new Path2D('M18 46V18h7v11h14V18h7v28h-7V35H25v11z'));
  ctx.fillStyle = dot;
  ctx.beginPath();
  ctx.arc(50, 14, 6, 0, Math.PI * 2);
  ctx.fill();
};

const icon = (size, { rounded, scale = 1, background = GREEN, mark } = {}) => {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  if (background) {
    ctx.fillStyle = background;
    ctx.beginPath();
    ctx.roundRect(0, 0, size, size, rounded ? (14 / 64) * size : 0);
    ctx.fill();
  }
  const unit = (size / 64) * scale;
  ctx.translate((size - 64 * unit) / 2, (size - 64 * unit) / 2);
  ctx.scale(unit, unit);
  drawMark(ctx, mark);
  return canvas.toBuffer('image/png');
};

const files = {
  'icon-192.png': icon(192, { rounded: true }),
  'icon-512.png': icon(512, { rounded: true }),
  'icon-maskable-512.png': icon(512, { rounded: false, scale: 0.7 }),
  'apple-touch-icon-180.png': icon(180, { rounded: false }),
  'badge-96.png': icon(96, { background: null, mark: { letter: '#fff', dot: '#fff' } }),
};
for (const [name, png] of Object.entries(files)) writeFileSync(new URL(name, OUT), png);
process.stdout.write(`wrote ${Object.keys(files).join(', ')}\n`);
