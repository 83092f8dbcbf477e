import EmailReplyParser from 'email-reply-parser';

/**
 * What the client wrote in an emailed reply, without the message they
 * answered and without their signature. email-reply-parser knows the quote
 * headers of the common mail programs in many languages ("On … wrote:",
 * "Le … a écrit :", Outlook's "From: … Sent: …" block and "-----Original
 * Message-----"), `>` quoting, "-- " signatures and "Sent from my iPhone"
 * lines. What it leaves is trimmed here of the lines some programs put
 * around the quote without a marker it knows.
 */

/** Lines that begin the quoted part when the parser kept them (Outlook's rule, an HTML reply's <hr> as text, a forwarded-message banner). */
const QUOTE_STARTS = [/^[-_]{10,}\s*$/, /^-{5,}\s*(original message|forwarded message)/i, /^(from|de|von):\s.+/i];

const parser = new EmailReplyParser();

const cutAtQuoteStart = (text: string) => {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => QUOTE_STARTS.some((pattern) => pattern.test(line.trim())));
  return start < 0 ? text : lines.slice(0, start).join('\n');
};

export const replyTextOf = (body: string): string => {
  const text = body.replace(/\r\n?/g, '\n');
  const visible = parser.parseReply(text);
  return cutAtQuoteStart(visible)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
