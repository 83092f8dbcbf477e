import { DEFAULT_MAIN_COLOR, PRODUCT_NAME } from '@herd/contract';

export interface Brand {
  firmName: string | null;
  mainColor: string | null;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Only a plain hex colour reaches a style attribute; anything else falls back to the default. */
const safeColor = (color: string | null): string => (color && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : DEFAULT_MAIN_COLOR);

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One branded layout for every email: the firm's name and colour, a button, a plain-text twin. */
export const renderEmail = (brand: Brand, content: EmailContent): { subject: string; text: string; html: string } => {
  const sender = brand.firmName ?? PRODUCT_NAME;
  const color = safeColor(brand.mainColor);
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${sender}, via ${PRODUCT_NAME}`,
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:${color};color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html><body style="margin:0;background:#f4f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:${color};color:#ffffff;padding:18px 28px;font-size:18px;font-weight:600">${escapeHtml(sender)}</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:12px;color:#6b7280;margin-top:24px">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:14px 28px;background:#f9faf9;font-size:12px;color:#6b7280">Sent by ${escapeHtml(sender)} with ${PRODUCT_NAME}.</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
};
