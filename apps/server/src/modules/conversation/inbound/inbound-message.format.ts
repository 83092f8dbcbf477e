import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/** A received email as the handlers need it. */
export interface InboundMessage {
  /** What makes a delivery of the same message again recognisable: its Message-ID, else the SHA-256 of its bytes. */
  messageKey: string;
  /** The From address, lower case; null when there is none. */
  from: string | null;
  /** Every address the headers name it was sent to (To, Cc, Delivered-To, X-Original-To), lower case. */
  headerRecipients: string[];
  subject: string;
  /** The plain-text body (mailparser makes it from the HTML when there is no text part). */
  text: string;
  attachments: { fileName: string; bytes: Buffer }[];
  /** Every Authentication-Results header's value, as written, the newest (topmost) first. */
  authResults: string[];
}

export type ParseResult = { ok: true; message: InboundMessage } | { ok: false; why: 'empty' | 'unparseable' };

/**
 * Images under this size that the HTML shows in place (multipart/related) are
 * taken for a signature's logo or icons and left out; a photographed receipt
 * is larger, and one sent as an attachment is always kept.
 */
const SIGNATURE_IMAGE_BYTES = 20 * 1024;

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value.flatMap((a) => [a.address, ...(a.group ?? []).map((g) => g.address)]))
    .filter((a): a is string => !!a)
    .map((a) => a.toLowerCase());

/** A header that may appear several times (Delivered-To), as bare addresses. */
const headerAddresses = (mail: ParsedMail, name: string): string[] => {
  const value = mail.headers.get(name);
  const texts = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return texts
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : 'value' in (v as object) ? addressesOf(v as AddressObject) : []))
    .map((v) => v.trim().replace(/^<|>$/g, '').toLowerCase())
    .filter((v) => v.includes('@'));
};

export const parseInboundMessage = async (raw: Buffer): Promise<ParseResult> => {
  if (raw.toString('latin1').trim() === '') return { ok: false, why: 'empty' };
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true });
  } catch {
    return { ok: false, why: 'unparseable' };
  }
  // A message has headers, a From among them; bytes with neither are not an email.
  if (mail.headers.size === 0 || !mail.from) return { ok: false, why: 'unparseable' };
  const messageId = mail.messageId?.trim();
  return {
    ok: true,
    message: {
      messageKey: messageId ? `mid:${messageId}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`,
      from: addressesOf(mail.from)[0] ?? null,
      headerRecipients: [
        ...new Set([...addressesOf(mail.to), ...addressesOf(mail.cc), ...headerAddresses(mail, 'delivered-to'), ...headerAddresses(mail, 'x-original-to')]),
      ],
      subject: mail.subject ?? '',
      authResults: mail.headerLines.filter((h) => h.key === 'authentication-results').map((h) => h.line.slice(h.line.indexOf(':') + 1).trim()),
      text: mail.text ?? '',
      attachments: mail.attachments
        .filter((a) => !(a.related && a.contentType.startsWith('image/') && a.size < SIGNATURE_IMAGE_BYTES))
        .map((a, i) => ({ fileName: a.filename ?? `attachment-${i + 1}`, bytes: a.content })),
    },
  };
};
