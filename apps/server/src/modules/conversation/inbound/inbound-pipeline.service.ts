import { parseInboundMessage } from './inbound-message.format.js';
import { inboundHandlers } from './inbound-handlers.service.js';
import { senderVerdict } from './sender-auth.rule.js';
import type { HandlerOutcome, InboundContext } from './inbound.types.js';

export type Delivery = HandlerOutcome & { recipient: string };

/** The message as a whole was refused (nothing was looked at further), or each of Herd's addresses it went to got an outcome. */
export type InboundReceipt = { ok: false; why: 'too-large' | 'empty' | 'unparseable' | 'no-recipient'; reason: string } | { ok: true; deliveries: Delivery[] };

export const MESSAGE_REFUSALS = {
  'too-large': (maxBytes: number) => `The message is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  empty: 'The message is empty.',
  unparseable: 'The message could not be read as an email.',
  'no-recipient': 'The message is not addressed to any reply address of this Herd.',
};

/** `prefix+token@domain` → its parts, when the domain is Herd's inbound domain. */
export const splitAddress = (address: string, domain: string): { prefix: string; token: string } | null => {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus < 0) return null;
  return { prefix: local.slice(0, plus).toLowerCase(), token: local.slice(plus + 1) };
};

/** The handler of one of Herd's addresses, if the address is one Herd gives out. */
export const handlerFor = (address: string, domain: string) => {
  const parts = splitAddress(address, domain);
  const handler = parts && inboundHandlers.find((h) => h.prefix === parts.prefix);
  return parts && handler ? { handler, token: parts.token } : null;
};

/**
 * The one way in for every received email, from Herd's SMTP listener or a
 * provider's webhook: checked for size, parsed, then handed to the handler of
 * each of Herd's addresses it was sent to (the envelope's recipients when the
 * transport knows them, else those its headers name). Every refusal is logged.
 */
export const receiveInbound = async (ctx: InboundContext, raw: Buffer, envelopeRecipients: string[] | null): Promise<InboundReceipt> => {
  const { domain, maxMessageBytes } = ctx.deps.config.inbound;
  const refuse = (why: Exclude<InboundReceipt, { ok: true }>['why'], extra: object = {}): InboundReceipt => {
    const reason = why === 'too-large' ? MESSAGE_REFUSALS[why](maxMessageBytes) : MESSAGE_REFUSALS[why];
    ctx.log.warn({ ...extra, bytes: raw.length, why }, 'inbound email refused');
    return { ok: false, why, reason };
  };
  if (raw.length > maxMessageBytes) return refuse('too-large');
  const parsed = await parseInboundMessage(raw);
  if (!parsed.ok) return refuse(parsed.why);
  const message = parsed.message;
  const candidates = (envelopeRecipients ?? message.headerRecipients).map((r) => r.toLowerCase());
  const ours = [...new Set(candidates)].flatMap((recipient) => {
    const found = handlerFor(recipient, domain);
    return found ? [{ recipient, ...found }] : [];
  });
  if (ours.length === 0) return refuse('no-recipient', { messageKey: message.messageKey, from: message.from });
  // A forged From is refused before any handler looks at it: the reply address alone must not be enough.
  const sender = senderVerdict(message.authResults, message.from, ctx.deps.config.inbound.senderAuth);
  const deliveries: Delivery[] = [];
  for (const { recipient, handler, token } of ours) {
    const outcome: HandlerOutcome = sender.ok ? await handler.handle(ctx, message, { recipient, token }) : { outcome: 'refused', reason: sender.reason };
    const entry = { messageKey: message.messageKey, from: message.from, handler: handler.prefix, ...outcome, ...(sender.ok ? {} : { why: sender.why }) };
    if (outcome.outcome === 'refused') ctx.log.warn(entry, 'inbound email refused');
    else ctx.log.info(entry, 'inbound email filed');
    deliveries.push({ recipient, ...outcome });
  }
  return { ok: true, deliveries };
};
