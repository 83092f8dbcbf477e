import { describe, expect, it } from 'vitest';
import { parseAuthResults } from './auth-results.format.js';
import { SENDER_REFUSALS, senderVerdict } from './sender-auth.rule.js';

const GMAIL = `mx.google.com;
       dkim=pass header.i=@client.example header.s=20230601 header.b=Xy12;
       spf=pass (google.com: domain of ann@client.example designates 209.85.220.41 as permitted sender) smtp.mailfrom=ann@client.example;
       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=client.example`;
const required = { requireAuthResults: true, authservIds: null };

describe('parseAuthResults', () => {
  it('reads the receiving server and each method’s result and properties, past comments, folding and quotes', () => {
    expect(parseAuthResults(GMAIL)).toEqual({
      authservId: 'mx.google.com',
      results: [
        { method: 'dkim', result: 'pass', props: { 'header.i': '@client.example', 'header.s': '20230601', 'header.b': 'Xy12' } },
        { method: 'spf', result: 'pass', props: { 'smtp.mailfrom': 'ann@client.example' } },
        { method: 'dmarc', result: 'pass', props: { 'header.from': 'client.example' } },
      ],
    });
    expect(parseAuthResults('mx.example.net 1; spf = fail (a; tricky) comment) reason="not; permitted" smtp.mailfrom="ann@client.example"')).toEqual({
      authservId: 'mx.example.net',
      results: [{ method: 'spf', result: 'fail', props: { reason: 'not; permitted', 'smtp.mailfrom': 'ann@client.example' } }],
    });
    expect(parseAuthResults('mx.example.net; none')).toEqual({ authservId: 'mx.example.net', results: [] });
    expect(parseAuthResults('  ')).toBeNull();
  });
});

describe('senderVerdict', () => {
  const from = 'ann@client.example';

  it('accepts a message whose checks passed, or failed only in part', () => {
    expect(senderVerdict([GMAIL], from, required)).toEqual({ ok: true });
    // SPF fails (a forwarder), but the domain's own DKIM signature holds.
    expect(senderVerdict(['mx.x; spf=fail smtp.mailfrom=ann@client.example; dkim=pass header.d=client.example'], from, required).ok).toBe(true);
    // A soft fail is the domain owner not being sure.
    expect(senderVerdict(['mx.x; spf=softfail smtp.mailfrom=ann@client.example; dkim=none'], from, required).ok).toBe(true);
    // Another domain's SPF failure says nothing about the From domain.
    expect(senderVerdict(['mx.x; spf=fail smtp.mailfrom=bounce@list.example.org; dkim=pass header.d=client.example'], from, required).ok).toBe(true);
  });

  it('refuses a DMARC failure, and SPF and DKIM both failing for the From domain', () => {
    expect(senderVerdict(['mx.x; spf=pass smtp.mailfrom=evil.example; dmarc=fail header.from=client.example'], from, required)).toEqual({
      ok: false,
      why: 'dmarc-fail',
      reason: SENDER_REFUSALS['dmarc-fail'],
    });
    expect(senderVerdict(['mx.x; spf=fail smtp.mailfrom=ann@client.example; dkim=fail header.d=client.example'], from, required)).toMatchObject({ why: 'spf-dkim-fail' });
    // A valid signature of another domain does not vouch for this one.
    expect(senderVerdict(['mx.x; spf=fail smtp.mailfrom=ann@client.example; dkim=pass header.d=evil.example'], from, required)).toMatchObject({ why: 'spf-dkim-fail' });
  });

  it('is not fooled by a "pass" the sender wrote below the receiving server’s "fail"', () => {
    const forged = 'mx.google.com; spf=pass smtp.mailfrom=client.example; dkim=pass header.d=client.example; dmarc=pass header.from=client.example';
    expect(senderVerdict(['mx.provider.test; dmarc=fail header.from=client.example', forged], from, required)).toMatchObject({ why: 'dmarc-fail' });
  });

  it('reads only the named receiving servers when told, and refuses a message with nothing to read unless a trusted relay checks', () => {
    const forged = 'mx.google.com; spf=pass smtp.mailfrom=client.example; dmarc=pass header.from=client.example';
    expect(senderVerdict([forged], from, { requireAuthResults: true, authservIds: ['mx.provider.test'] })).toMatchObject({ why: 'no-auth-results' });
    expect(senderVerdict(['MX.Provider.test; dmarc=pass header.from=client.example'], from, { requireAuthResults: true, authservIds: ['mx.provider.test'] }).ok).toBe(
      true,
    );
    expect(senderVerdict([], from, required)).toEqual({ ok: false, why: 'no-auth-results', reason: SENDER_REFUSALS['no-auth-results'] });
    expect(senderVerdict([], from, { requireAuthResults: false, authservIds: null })).toEqual({ ok: true });
  });
});
