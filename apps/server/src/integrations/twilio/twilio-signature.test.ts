import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignatureOf } from './twilio-signature.js';

// The example of Twilio's own request-validation documentation and helper-library tests.
const TOKEN = '12345';
const URL_SIGNED = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const form = () => new URLSearchParams({ CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' });
const EXPECTED = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio request signatures', () => {
  it('signs the documented example as Twilio does', () => {
    expect(twilioSignatureOf(TOKEN, URL_SIGNED, form())).toBe(EXPECTED);
  });

  it('accepts the signature whether or not the default port is written in the URL', () => {
    expect(isTwilioSignatureValid(TOKEN, EXPECTED, URL_SIGNED, form())).toBe(true);
    expect(isTwilioSignatureValid(TOKEN, EXPECTED, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', form())).toBe(true);
  });

  it('refuses another token, another URL, a changed parameter or an added one', () => {
    expect(isTwilioSignatureValid('54321', EXPECTED, URL_SIGNED, form())).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, EXPECTED, 'https://mycompany.com/myapp.php?foo=1&bar=3', form())).toBe(false);
    const changed = form();
    changed.set('Digits', '1235');
    expect(isTwilioSignatureValid(TOKEN, EXPECTED, URL_SIGNED, changed)).toBe(false);
    const added = form();
    added.append('MediaUrl0', 'https://evil.example/x.jpg');
    expect(isTwilioSignatureValid(TOKEN, EXPECTED, URL_SIGNED, added)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, `${EXPECTED.slice(0, -2)}x=`, URL_SIGNED, form())).toBe(false);
  });

  it('signs a repeated parameter with each of its values, sorted', () => {
    const twice = new URLSearchParams([
      ['Tag', 'b'],
      ['Tag', 'a'],
    ]);
    const swapped = new URLSearchParams([
      ['Tag', 'a'],
      ['Tag', 'b'],
    ]);
    expect(twilioSignatureOf(TOKEN, URL_SIGNED, twice)).toBe(twilioSignatureOf(TOKEN, URL_SIGNED, swapped));
    expect(twilioSignatureOf(TOKEN, URL_SIGNED, twice)).not.toBe(twilioSignatureOf(TOKEN, URL_SIGNED, new URLSearchParams({ Tag: 'a' })));
  });
});
