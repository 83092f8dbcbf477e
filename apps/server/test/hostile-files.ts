import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Files built to hurt a reader, made here rather than stored: they are small
 * on disk and cost their reader far more than their size.
 */

/**
 * A PDF of `pages` empty pages, written by hand (pdf-lib takes seconds to add
 * 20,000 pages): one page tree listing every page, and a cross-reference table.
 * 20,000 pages come to about 2 MB.
 */
export const manyPagePdf = (pages: number): Buffer => {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`;
  for (let i = 0; i < pages; i++) objects[i + 3] = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>';
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = body.length;
    body += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xrefAt = body.length;
  const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n${rows.join('')}`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ihdr = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits a sample
  header[9] = 0; // grey
  return pngChunk('IHDR', header);
};

/**
 * A valid, white, grey-scale PNG of `width`×`height`: 7000×7000 (49 megapixels,
 * 196 MB once decoded) compresses to about 60 KB.
 */
export const whitePng = (width: number, height: number): Buffer => {
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * (width + 1));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
};

/** A PNG of a few dozen bytes whose header declares `width`×`height`, with one row of pixels behind it. */
export const pngDeclaring = (width: number, height: number): Buffer =>
  Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(Buffer.alloc(1))), pngChunk('IEND', Buffer.alloc(0))]);

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/**
 * A zip bomb: `entries` entries of `inflatedMb` MB of zeros each, deflated
 * (about a thousandth of their size: 40 entries of 256 MB come to about 10 MB
 * and inflate to 10 GB). The first entry is named `[Content_Types].xml`, the
 * entry a type sniffer inflates to tell an Office file from a plain zip; the
 * others are named like receipts. Every entry holds the same deflated bytes,
 * compressed once.
 */
export const zipBomb = (entries: number, inflatedMb: number): Buffer => {
  const inflatedSize = inflatedMb * 2 ** 20;
  const zeros = Buffer.alloc(inflatedSize);
  const data = deflateRawSync(zeros, { level: 9 });
  const crc = crc32(zeros);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(i === 0 ? '[Content_Types].xml' : `receipt-${String(i).padStart(2, '0')}.pdf`, 'latin1');
    // version 2.0, no flags, deflate, no time or date, the CRC and both sizes, the name, no extra field.
    const common = [u16(20), u16(0), u16(8), u16(0), u16(0x21), u32(crc), u32(data.length), u32(inflatedSize), u16(name.length), u16(0)];
    const local = Buffer.concat([u32(0x04034b50), ...common, name, data]);
    central.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries), u16(entries), u32(directory.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, directory, end]);
};
