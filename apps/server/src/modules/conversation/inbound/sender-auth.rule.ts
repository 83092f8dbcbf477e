import { parseAuthResults, type AuthResult } from './auth-results.format.js';

/** How Herd trusts what a received message says about its sender (`docs/inbound-email.md`, "Forged senders"). */
export interface SenderAuthSettings {
  /** A message with no Authentication-Results Herd may read is refused (off only behind a relay that refuses forged mail itself). */
  requireAuthResults: boolean;
  /** When set, only headers these receiving servers wrote are read: anyone can write the header into a message they send. */
  authservIds: string[] | null;
}

export type SenderVerdict = { ok: true } | { ok: false; why: 'no-auth-results' | 'dmarc-fail' | 'spf-dkim-fail'; reason: string };

export const SENDER_REFUSALS = {
  'no-auth-results': 'The message carries no sender check (Authentication-Results) from the server that received it.',
  'dmarc-fail': 'The sender’s domain says this message was not sent by it (DMARC failed).',
  'spf-dkim-fail': 'The message could not be shown to come from the sender’s domain (SPF and DKIM both failed).',
} as const;

const domainOf = (value: string | undefined) => {
  if (!value) return null;
  const at = value.lastIndexOf('@');
  return (at >= 0 ? value.slice(at + 1) : value).trim().replace(/>$/, '').toLowerCase() || null;
};

/** Relaxed alignment (RFC 7489): the same domain, or one a subdomain of the other. */
const aligned = (domain: string, from: string) => domain === from || domain.endsWith(`.${from}`) || from.endsWith(`.${domain}`);

/** Whether a result speaks for the From domain: by the domain it names, or when it names none. */
const about = (r: AuthResult, from: string, keys: string[]) => {
  const named = keys.map((k) => domainOf(r.props[k])).find((d) => d !== null);
  return named === undefined || named === null || aligned(named, from);
};

/**
 * The decision on a message's sender from the Authentication-Results its receiving server added
 * (raw header values, newest first): refused when DMARC failed, or when SPF failed for the From
 * domain and no DKIM signature of that domain passed; refused when there is no header to read and
 * the settings require one. Every header read counts: a forged "pass" below the receiving server's
 * "fail" changes nothing.
 */
export const senderVerdict = (headerValues: string[], from: string | null, settings: SenderAuthSettings): SenderVerdict => {
  const headers = headerValues
    .map(parseAuthResults)
    .filter((h) => h !== null)
    .filter((h) => settings.authservIds === null || settings.authservIds.includes(h.authservId));
  if (headers.length === 0) return settings.requireAuthResults ? { ok: false, why: 'no-auth-results', reason: SENDER_REFUSALS['no-auth-results'] } : { ok: true };
  const results = headers.flatMap((h) => h.results);
  const fromDomain = domainOf(from ?? undefined);
  if (results.some((r) => r.method === 'dmarc' && r.result === 'fail' && (fromDomain === null || about(r, fromDomain, ['header.from']))))
    return { ok: false, why: 'dmarc-fail', reason: SENDER_REFUSALS['dmarc-fail'] };
  if (fromDomain === null) return { ok: true };
  const spfFailed = results.some((r) => r.method === 'spf' && r.result === 'fail' && about(r, fromDomain, ['smtp.mailfrom', 'smtp.helo']));
  const dkimPassed = results.some((r) => r.method === 'dkim' && r.result === 'pass' && about(r, fromDomain, ['header.d', 'header.i']));
  if (spfFailed && !dkimPassed) return { ok: false, why: 'spf-dkim-fail', reason: SENDER_REFUSALS['spf-dkim-fail'] };
  return { ok: true };
};
