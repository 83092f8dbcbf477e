import type { DeliveredText } from './incoming.js';
import type { TwilioMessage } from './messages.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** Shown to the second, in UTC, so no reader wonders which zone. */
const when = (date: Date, fallback: string) => (Number.isNaN(date.getTime()) ? fallback : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`);

interface Row {
  at: Date;
  html: string;
}

const sentRow = (m: TwilioMessage, secret: boolean): Row => {
  const at = new Date(m.date_created);
  const label = m.direction === 'outbound-reply' ? 'Reply to' : 'To';
  const body = secret ? '<span class="muted">(a code: never shown here)</span>' : escapeHtml(m.body);
  return {
    at,
    html: `<li><div class="meta"><span>${label} <strong>${escapeHtml(m.to)}</strong></span><time datetime="${escapeHtml(m.date_created)}">${escapeHtml(when(at, m.date_created))}</time></div>
      <p>${body}</p></li>`,
  };
};

const receivedRow = (t: DeliveredText): Row => {
  const at = new Date(t.receivedAt);
  const files = t.media?.length ? ` · ${t.media.length} ${t.media.length === 1 ? 'file' : 'files'}` : '';
  const failed = t.webhookStatus >= 300 ? ` · <span class="bad">Herd answered ${t.webhookStatus}</span>` : '';
  return {
    at,
    html: `<li class="in"><div class="meta"><span>From <strong>${escapeHtml(t.from)}</strong>${files}${failed}</span><time datetime="${escapeHtml(t.receivedAt)}">${escapeHtml(when(at, t.receivedAt))}</time></div>
      <p>${escapeHtml(t.body) || '<span class="muted">(no text)</span>'}</p></li>`,
  };
};

/** A phone the host knows, offered in the form so a newcomer can text as that person straight away. */
export interface SandboxSender {
  /** In international form, as the form takes it: +12025550143. */
  number: string;
  /** Who texts from it, in words: "Casey Baker (client@example.com), the demo client". */
  label: string;
}

const senderHint = (sender: SandboxSender | undefined) =>
  sender
    ? `<p data-sender>Texts from <strong>${escapeHtml(sender.number)}</strong> come from ${escapeHtml(sender.label)}: it is filled in below, so attach a photo of a receipt, or answer the questions texted to them ("1a 2 meals"), and send.</p>`
    : '';

/** The other phones the visitor may text from, offered as the field's suggestions. */
const senderList = (senders: readonly SandboxSender[]) =>
  senders.length > 1 ? `<datalist id="senders">${senders.map((s) => `<option value="${escapeHtml(s.number)}">${escapeHtml(s.label)}</option>`).join('')}</datalist>` : '';

const phoneForm = (number: string, senders: readonly SandboxSender[]) => `<form method="post" action="incoming" enctype="multipart/form-data">
<h2>Text Herd from a phone</h2>
<p class="muted">Sends a text to ${escapeHtml(number)} as Twilio would deliver it, signed. A client's receipts are read from the photos, and a reply to their questions answers them; the phone number must be the one in the client's profile.</p>
${senderHint(senders[0])}${senderList(senders)}
<label>From (the client's phone)<input name="from" type="tel" inputmode="tel" autocomplete="tel" placeholder="+15551234567"${senders[0] ? ` value="${escapeHtml(senders[0].number)}"` : ''}${senders.length > 1 ? ' list="senders"' : ''} required></label>
<label>Message<textarea name="body" rows="2" placeholder="Lunch with a client"></textarea></label>
<label>Photos or PDFs<input name="media" type="file" accept="image/*,application/pdf" multiple></label>
<button type="submit">Send text</button>
</form>`;

export interface SentTextsPageInput {
  messages: readonly TwilioMessage[];
  incoming?: readonly DeliveredText[];
  /** Sids of texts that carry a code: listed, their words never shown. */
  secret?: ReadonlySet<string>;
  /** Herd's number, when the page also texts it. */
  number?: string | null;
  senders?: readonly SandboxSender[];
}

/**
 * The texts the sandbox sent and received, newest first, so a reminder can be read, and a receipt
 * texted, without a phone. Plain HTML that fits a phone's width: long bodies and numbers wrap.
 */
export const sentTextsPage = ({ messages, incoming = [], secret = new Set(), number = null, senders = [] }: SentTextsPageInput): string => {
  // Newest last in each list; reversed first so texts of the same second stay newest first (the sort is stable), a reply above its text.
  const rows = [...[...messages].reverse().map((m) => sentRow(m, secret.has(m.sid))), ...[...incoming].reverse().map(receivedRow)]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((row) => row.html)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox text messages</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;margin:0;padding:24px 16px;color:#1a1f36}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;background:#ffde92;color:#5c3b00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
h1{font-size:22px;margin:12px 0 4px}h2{font-size:17px;margin:0 0 4px}ul{list-style:none;margin:16px 0 0;padding:0}
li{border-top:1px solid #e3e8ee;padding:12px 0;overflow-wrap:anywhere}li.in{background:#f3f8ff;padding:12px 8px}
.meta{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;font-size:14px}
time,.muted{color:#697386;font-size:13px}li p{margin:6px 0 0;font-size:16px;white-space:pre-wrap}a{color:#635bff}.bad{color:#b42318}
form{margin:16px 0;padding:16px;border:1px solid #e3e8ee;border-radius:8px;display:grid;gap:10px}
label{display:grid;gap:4px;font-size:14px}input,textarea{font:inherit;font-size:16px;padding:10px;border:1px solid #c1c9d2;border-radius:6px;min-height:44px;box-sizing:border-box;width:100%}
button{font:inherit;font-size:16px;min-height:44px;border:0;border-radius:6px;background:#635bff;color:#fff;font-weight:600;cursor:pointer}
</style></head><body><main>
<span class="badge">Sandbox</span><h1>Sandbox — no real texts are sent</h1>
<p class="muted">Twilio is not configured on this server, so text messages are kept here instead of reaching a phone. Newest first; the list starts empty each time the server starts. <a href="">Refresh</a></p>
${number ? phoneForm(number, senders) : ''}
${rows ? `<ul>${rows}</ul>` : '<p>No text messages yet.</p>'}
</main></body></html>`;
};
