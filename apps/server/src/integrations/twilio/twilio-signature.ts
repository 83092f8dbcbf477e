import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio signs each webhook: base64 of HMAC-SHA1, keyed by the account's auth token, of the full URL
 * it called (query included) followed by every POST parameter as name then value, sorted by name,
 * with no separators. A repeated parameter is sorted by value and each value is appended under its
 * name.
 */
export const twilioSignatureOf = (authToken: string, url: string, form: URLSearchParams): string => {
  const names = [...new Set(form.keys())].sort();
  let signed = url;
  for (const name of names) {
    for (const value of [...new Set(form.getAll(name))].sort()) signed += name + value;
  }
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
};

/** The URL with its default port written out, and without: Twilio's helpers accept either, since a proxy may add or drop it. */
const urlVariants = (url: string): string[] => {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  if (parsed.port === '' || parsed.port === defaultPort) {
    const withPort = new URL(url);
    // The URL class drops a default port it is given, so it is put back by hand.
    const explicit = `${withPort.protocol}//${withPort.hostname}:${defaultPort}${withPort.pathname}${withPort.search}`;
    const bare = `${withPort.protocol}//${withPort.hostname}${withPort.pathname}${withPort.search}`;
    return [url, explicit, bare];
  }
  return [url];
};

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether `signature` is Twilio's for this request, checked in constant time. */
export const isTwilioSignatureValid = (authToken: string, signature: string, url: string, form: URLSearchParams): boolean =>
  urlVariants(url).some((candidate) => same(twilioSignatureOf(authToken, candidate, form), signature));
