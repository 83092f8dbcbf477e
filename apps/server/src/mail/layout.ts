import { createElement } from 'react';
import { render } from '@react-email/render';
import { DEFAULT_MAIN_COLOR, PRODUCT_NAME } from '@herd/contract';
import { EmailDocument } from './email-document.js';
import type { EmailContent } from './email-content.js';

export interface Brand {
  firmName: string | null;
  mainColor: string | null;
}

/** Only a plain hex colour reaches a style attribute; anything else falls back to the default. */
const safeColor = (color: string | null): string => (color && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : DEFAULT_MAIN_COLOR);

/** The plain-text twin, written from the content itself rather than scraped from the HTML. */
const plainText = (sender: string, content: EmailContent) =>
  [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.sections ?? []).flatMap((s) => [s.title, ...s.lines.map((line) => `  ${line}`), ...(s.link ? [`  ${s.link.label}: ${s.link.url}`] : []), '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${sender}, via ${PRODUCT_NAME}`,
    ...(content.unsubscribe ? ['', `Stop these emails (${content.unsubscribe.label}): ${content.unsubscribe.url}`] : []),
  ].join('\n');

/** One branded layout for every email (React Email, `email-document.tsx`): the firm's name and colour, a button, a plain-text twin. */
export const renderEmail = async (brand: Brand, content: EmailContent): Promise<{ subject: string; text: string; html: string }> => {
  const sender = brand.firmName ?? PRODUCT_NAME;
  const html = await render(createElement(EmailDocument, { sender, color: safeColor(brand.mainColor), content, productName: PRODUCT_NAME }));
  return { subject: content.subject, text: plainText(sender, content), html };
};
