import type { TwilioMessage } from './messages.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** Twilio dates are RFC 2822; the page shows them to the second, in UTC, so no reader wonders which zone. */
const when = (rfc2822: string) => {
  const date = new Date(rfc2822);
  return Number.isNaN(date.getTime()) ? rfc2822 : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
};

/**
 * The texts the sandbox accepted, newest first, so a code sent for two-step verification can be read
 * without a phone. Plain HTML that fits a phone's width: long bodies and numbers wrap.
 */
export const sentTextsPage = (messages: readonly TwilioMessage[]): string => {
  const rows = [...messages]
    .reverse()
    .map(
      (
        m,
      ) => `<li><div class="meta"><span>To <strong>${escapeHtml(m.to)}</strong></span><time datetime="${escapeHtml(m.date_created)}">${escapeHtml(when(m.date_created))}</time></div>
      <p>${escapeHtml(m.body)}</p></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox text messages</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;margin:0;padding:24px 16px;color:#1a1f36}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;background:#ffde92;color:#5c3b00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
h1{font-size:22px;margin:12px 0 4px}ul{list-style:none;margin:16px 0 0;padding:0}
li{border-top:1px solid #e3e8ee;padding:12px 0;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;font-size:14px}
time,.muted{color:#697386;font-size:13px}li p{margin:6px 0 0;font-size:16px;white-space:pre-wrap}a{color:#635bff}
</style></head><body><main>
<span class="badge">Sandbox</span><h1>Sandbox — no real texts are sent</h1>
<p class="muted">Twilio is not configured on this server, so text messages are kept here instead of reaching a phone. Newest first; the list starts empty each time the server starts. <a href="">Refresh</a></p>
${rows ? `<ul>${rows}</ul>` : '<p>No text messages have been sent yet.</p>'}
</main></body></html>`;
};
