/**
 * One-page PDFs made without a PDF library: real, valid bytes (objects and a
 * cross-reference table) that any reader opens without repair.
 */

/** A page of `width` × `height` points drawn by `content`, a PDF content stream; Helvetica is font /F1. */
export const onePagePdf = (content: string, width = 420, height = 800): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** A receipt: the first line as a heading, the rest as text below it. */
export const receiptPdf = (lines: string[]): Buffer => {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  return onePagePdf(lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 50 ${740 - i * 22} Td (${escape(l)}) Tj ET`).join('\n'));
};
